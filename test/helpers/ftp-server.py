"""A throwaway FTP server (Debian's python3-pyftpdlib) on 127.0.0.1 for the FTP access tests.

Usage: ftp-server.py ROOT MODE, MODE being `anonymous` (anonymous login, read-only, ROOT as its
home) or `no-anonymous` (only a named user: anonymous logins are refused with 530). Prints the
port on the first line of stdout once listening.
"""

import logging
import sys

from pyftpdlib.authorizers import DummyAuthorizer
from pyftpdlib.handlers import FTPHandler
from pyftpdlib.servers import FTPServer

logging.basicConfig(level=logging.ERROR)
root, mode = sys.argv[1], sys.argv[2]
authorizer = DummyAuthorizer()
if mode == "anonymous":
    authorizer.add_anonymous(root)
else:
    authorizer.add_user("someone", "a secret", root)


class Handler(FTPHandler):
    pass


Handler.authorizer = authorizer
Handler.masquerade_address = None
server = FTPServer(("127.0.0.1", 0), Handler)
print(server.socket.getsockname()[1], flush=True)
server.serve_forever()
