"""A TCP listener on 127.0.0.1 that counts connections and closes each at once: the tests that
prove "no request with the network off" point every provider at it."""
import socket
import threading


class ConnectionCounter:
    def __init__(self):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.count = 0
        self.url = "http://127.0.0.1:%d" % self.sock.getsockname()[1]
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        while True:
            try:
                c, _ = self.sock.accept()
            except OSError:
                return
            self.count += 1
            c.close()

    def close(self):
        self.sock.close()
