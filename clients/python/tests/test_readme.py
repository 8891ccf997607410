"""The README's examples run against the server, so that what they print cannot drift from what
their comments say.

The python blocks run in order as one program, as a reader would type them (a later block uses
the client an earlier one made), with the server's URL for http://localhost:8080 and in a
directory of their own (they write game.pgn). A print's output is the comment on its line and the
comment lines right after it; a print without one must print nothing. In a comment, ... stands for
any text (a message the server may reword). The examples seed their own choices and rolls, so
ASHTAPADA_SEED does not change what they print.
"""

import contextlib
import io
import os
import re
import tempfile
import tokenize
import unittest
from pathlib import Path
from typing import List, Tuple

from tests import support

# Beside tests/ in the source tree; clients/run.sh copies it with the tests.
README = Path(__file__).resolve().parent.parent / "README.md"


def program(markdown: str) -> str:
    """The python blocks, with every other line blank so that line numbers are the README's."""
    out, fenced, python = [], False, False
    for line in markdown.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            python = fenced and line.strip() == "```python"
            out.append("")
        else:
            out.append(line if python else "")
    return "\n".join(out) + "\n"


def expected(source: str) -> List[Tuple[int, str]]:
    """(line, text) of every output line the comments promise."""
    lines = source.splitlines()
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    prints = sorted({tok.start[0] for tok in tokens if tok.type == tokenize.NAME and tok.string == "print"})
    comments = {tok.start[0]: tok.string for tok in tokens if tok.type == tokenize.COMMENT}
    out = []
    for n in prints:
        if n in comments:
            out.append((n, comments[n]))
        while n < len(lines) and lines[n].lstrip().startswith("#"):
            n += 1
            out.append((n, comments[n]))
    return [(n, re.sub(r"^#\s?", "", c)) for n, c in out]


def matches(pattern: str, text: str) -> bool:
    return re.fullmatch(".*?".join(re.escape(p) for p in pattern.split("...")), text) is not None


class Readme(unittest.TestCase):
    def test_examples_print_what_they_say(self) -> None:
        url = support.client().url
        source = program(README.read_text(encoding="utf-8")).replace("http://localhost:8080", url)
        want = expected(source)
        self.assertTrue(want, "the README promises no output")
        out = io.StringIO()
        cwd = os.getcwd()
        with tempfile.TemporaryDirectory() as tmp:
            os.chdir(tmp)
            try:
                with contextlib.redirect_stdout(out):
                    exec(compile(source, str(README), "exec"), {"__name__": "readme"})
            finally:
                os.chdir(cwd)
        got = out.getvalue().splitlines()
        for i, (line, pattern) in enumerate(want):
            self.assertLess(i, len(got), f"README.md:{line}: promises {pattern!r}, but the examples printed only {got}")
            self.assertTrue(matches(pattern, got[i]), f"README.md:{line}: promises {pattern!r}, the example printed {got[i]!r}")
        self.assertEqual(got[len(want) :], [], "the examples print more than their comments say")


if __name__ == "__main__":
    unittest.main()
