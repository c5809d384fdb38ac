"""Canasta at a person's table: its ``TableText`` (``tabletext.TABLE``, the face's ``table``) and its pieces.

``melds`` (a meld in words), ``events`` (a move in words, the turn log), ``commands`` (the prompt's short
forms), ``names`` (the seats and sides of any table size), ``screen`` (the terminal table), ``texts`` (help,
the rules in brief, the pile), ``webstate`` (the page's JSON state and selection buttons), ``render`` (the
text face of a view), gathered in ``tabletext``; ``demo`` (its part of ``footcanasta demo --game canasta``).
The package is named ``text``, not ``table``: a submodule of that name would shadow the face's lazy attribute
``table`` once imported.
"""
