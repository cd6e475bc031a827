"""The server's documented bounds and their defaults (docs/serving.md, "Bounds on every
request"), in a module of their own so that the command line can show them without loading
the server."""

MAX_CONNECTIONS = 64  # connections at once; one more is answered 503 at once
CLIENT_SECONDS = 15.0  # a client's time to send its whole request (``--request-timeout``)
MAX_BODY_BYTES = 1024  # the API takes no body
MAX_FIELDS = 32  # fields in a query
DEFAULT_MEMORY_MB = 1024  # a worker's resident memory past which it is replaced (``--worker-memory-mb``)
