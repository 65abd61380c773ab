#!/usr/bin/env bash
# mcp-client.sh: a Python with the official MCP client (PyPI `mcp`), for the tests that drive `odsh mcp` as an agent's
# client would. The venv lives in ${ODSH_TEST_CACHE:-~/.cache/odsh-test}/mcp-venv and is made, or completed, only when
# the client is missing. Prints PYTHON=path.
set -euo pipefail
venv="${ODSH_TEST_CACHE:-${HOME}/.cache/odsh-test}/mcp-venv"
if ! "$venv/bin/python" -c 'import mcp, anyio' 2>/dev/null; then
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q --disable-pip-version-check 'mcp==2.3.0' >&2
fi
echo "PYTHON=$venv/bin/python"
