#!/usr/bin/env python3
# check-readme-example.py - a meson test: the README's first code example is the example file.
"""
Usage: check-readme-example.py README EXAMPLE
  README   README.md: the first ```c block after the heading "### In code"
  EXAMPLE  examples/quickstart.c, which that block must be byte for byte

The README shows the whole first program, and the examples suite compiles
and runs the file: this test holds the two together. Exit 0 when they are
the same, 1 (saying where they part and which to update) otherwise.
"""
import sys

HEADING = "### In code"


def readme_block(readme):
    """The text between the first ```c fence after HEADING and its closing fence, or None."""
    with open(readme, "rb") as f:
        lines = f.read().decode("utf-8").split("\n")
    try:
        at = lines.index(HEADING)
        start = lines.index("```c", at) + 1
        end = lines.index("```", start)
    except ValueError:
        return None
    return "".join(line + "\n" for line in lines[start:end])


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    readme, example = sys.argv[1:3]
    block = readme_block(readme)
    if block is None:
        print(f"{readme}: no ```c block after a line {HEADING!r}")
        return 1
    with open(example, "rb") as f:
        want = f.read().decode("utf-8")
    if block == want:
        print(f"{readme}, {HEADING!r}: its first example is {example}, byte for byte")
        return 0
    a, b = block.split("\n"), want.split("\n")
    line = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
    print(f"{readme}, {HEADING!r}: the first ```c block is not {example}; they part at its line "
          f"{line + 1}:\n  README:  {a[line] if line < len(a) else '(end)'!r}\n"
          f"  example: {b[line] if line < len(b) else '(end)'!r}\n"
          f"Update the README's block to be the file, whole (or the file, if the README's "
          f"change is the one meant), so that the two are the same again.")
    return 1


if __name__ == "__main__":
    sys.exit(main())
