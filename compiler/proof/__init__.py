"""The exact strategy's proof: the first level's classes proved on threads (``first_level``)
or as Dask tasks (``cluster_level``), kept in a checkpoint as they are proved
(``checkpoint``), stopped with the best tree so far and a proved lower bound (``anytime``),
the best first word proved over the guess list (``optimal``, ``seeded``)."""
