"""The checking service: ``clever-oracle serve``, an HTTP JSON API for apps in any language.

Stateless: positions in, positions out (in the JSON game model or in our notation); nothing is
kept between requests but a memo of positions lately read and written, which changes no answer,
and no file on the server is read or written on a client's behalf, so any number of workers
behind any load balancer give the same answers.  Every bad input is a 4xx answer in RFC 9457
problem details naming what and where; every answer carries CORS headers.

Modules, one job each: :mod:`~oracle.serve.limits` (the limits and their flags),
:mod:`~oracle.serve.cors` (cross-origin requests), :mod:`~oracle.serve.problems` (the errors),
:mod:`~oracle.serve.bodies` (reading and checking request bodies, with
:mod:`~oracle.serve.quickcheck`), :mod:`~oracle.serve.schemas` (the JSON Schemas),
:mod:`~oracle.serve.openapi` (the OpenAPI document, with :mod:`~oracle.serve.examples`),
:mod:`~oracle.serve.admission` (the concurrent-request limit), :mod:`~oracle.serve.memo` (the
positions lately read and written), the endpoints (:mod:`~oracle.serve.catalogue`,
:mod:`~oracle.serve.positions`, :mod:`~oracle.serve.sheets`, :mod:`~oracle.serve.verifying`,
:mod:`~oracle.serve.solving`, :mod:`~oracle.serve.viewing`), :mod:`~oracle.serve.app` (the
application) and :mod:`~oracle.serve.command` (the ``serve`` subcommand, which runs it under
uvicorn).  Starlette and uvicorn come with the ``serve`` extra:
``pip install 'clever-oracle[serve]'``.
"""
