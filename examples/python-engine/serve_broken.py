import sys

from broken import Engine

from spadespec.conformance.contract.engines.serve import serve

sys.exit(serve(Engine(), sys.stdin, sys.stdout))
