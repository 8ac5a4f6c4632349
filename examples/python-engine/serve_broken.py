import sys

from conformance.engines.serve import serve

from broken import Engine

sys.exit(serve(Engine(), sys.stdin, sys.stdout))
