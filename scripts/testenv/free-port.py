"""free-port.py [HOST] -- print a TCP port that is free on HOST (default 127.0.0.1) right now."""
import socket
import sys

s = socket.socket()
s.bind((sys.argv[1] if len(sys.argv) > 1 else "127.0.0.1", 0))
print(s.getsockname()[1])
s.close()
