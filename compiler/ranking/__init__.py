"""The first-word ranking (``first_words``): every first word bounded, the best proved exactly;
what one word leaves to solve (``tasks``), its value under the other objectives
(``objectives``: depth, fewest-deep), the time estimate (``eta``), the results file
(``results``) and the shipped opening table (``openings``)."""
