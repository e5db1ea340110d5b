"""The README's Python section runs as written: each of its ``python`` blocks, in order."""

import pathlib
import re

import pytest

README = pathlib.Path(__file__).resolve().parents[2] / "README.md"


def blocks():
    text = README.read_text()
    section = text[text.index("\n## Python\n") :]
    section = section[: section.index("\n## ", 1)]
    return re.findall(r"```python\n(.*?)```", section, flags=re.S)


def test_the_python_section_has_an_example_per_adapter():
    found = blocks()
    assert len(found) == 6
    for adapter in ("meeple.pettingzoo", "meeple.openspiel", "meeple.gymnasium", "meeple.VecEnv", "meeple.simulate"):
        assert any(adapter in block for block in found), adapter


@pytest.mark.parametrize("index", range(6))
def test_each_example_runs(index, capsys):
    exec(compile(blocks()[index], f"README.md python block {index}", "exec"), {})
