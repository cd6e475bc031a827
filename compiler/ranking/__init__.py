"""The first-word ranking (``first_words``): every first word bounded, the best proved exactly;
its time estimate (``eta``), its results file (``results``) and the shipped opening table
(``openings``)."""
