"""Small utilities below everything else: atomic file writes and guarded reads (``files``), a
recursion-free JSON parser (``iterjson``) and fixed pseudo-random words (``splitmix``)."""
