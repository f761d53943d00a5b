"""The checking service: ``clever-oracle serve``, an HTTP JSON API for apps in any language.

Stateless: positions in, positions out; nothing is kept between requests and no file on the
server is read or written on a client's behalf, so any number of workers behind any load
balancer give the same answers.  Every bad input is a 4xx JSON error naming what and where.

Modules, one job each: :mod:`~oracle.serve.limits` (the limits and their flags),
:mod:`~oracle.serve.problems` (the JSON errors), :mod:`~oracle.serve.bodies` (reading and checking
request bodies), :mod:`~oracle.serve.schemas` (the JSON Schemas), :mod:`~oracle.serve.openapi`
(the OpenAPI document), :mod:`~oracle.serve.admission` (the concurrent-request limit), the
endpoints (:mod:`~oracle.serve.catalogue`, :mod:`~oracle.serve.positions`,
:mod:`~oracle.serve.sheets`, :mod:`~oracle.serve.verifying`, :mod:`~oracle.serve.solving`,
:mod:`~oracle.serve.viewing`), :mod:`~oracle.serve.app` (the application) and
:mod:`~oracle.serve.command` (the ``serve`` subcommand, which runs it under uvicorn).
Starlette and uvicorn come with the ``serve`` extra: ``pip install 'clever-oracle[serve]'``.
"""
