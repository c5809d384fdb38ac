"""How Foot Canasta is told to people at a table: its ``TableText`` (``tabletext``) and the pieces beside it:
``events`` (a move in words, the turn log), ``commands`` (the prompt's short forms), ``screen`` (the terminal
table), ``texts`` (help, the rules in brief, the pile), ``webstate`` (the page's JSON state and selection
buttons), ``render`` (the text face of a view), ``review`` (a move rated with the search bot) and ``demo``
(``footcanasta demo``)."""
