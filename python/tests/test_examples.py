"""The example of a learning loop (python/examples/q_learning.py) learns: after training,
seat 0 beats the random agent far more often than random play does."""

import importlib.util
import pathlib

EXAMPLE = pathlib.Path(__file__).resolve().parents[1] / "examples" / "q_learning.py"


def test_tabular_q_learning_beats_random_play():
    spec = importlib.util.spec_from_file_location("q_learning", EXAMPLE)
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    untrained = example.play({}, 500)
    trained = example.play(dict(example.train(20_000)), 500)
    assert untrained < 0.65
    assert trained > 0.85
    assert trained > untrained + 0.2
