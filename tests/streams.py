"""A stream for reader tests: it counts the bytes read_games takes, and refuses read()."""

import io


class CountingStream(io.BytesIO):
    """A binary stream that counts the bytes handed out."""

    handed = 0

    def readline(self, size=-1):
        line = super().readline(size)
        self.handed += len(line)
        return line

    def read(self, size=-1):  # read_games must not slurp the stream
        raise AssertionError("read() called: the file is not streamed")
