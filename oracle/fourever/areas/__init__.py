"""One module per area of the Clever 4Ever sheet, each with the same shape: ``targets``,
``problem``, ``enter``, ``score``, ``foxes``, ``target_text``/``parse_target`` and its part of
the sheet notation (``notation``/``parse_notation``)."""
