"""The plain-array file format shared by policies, value nets and trainer checkpoints (``arrayfile.py``)."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

from footcanasta_env.arrayfile import (
    META_KEY,
    ArrayFormat,
    digest,
    mlp_arrays,
    mlp_forward,
    mlp_layers,
    mlp_sizes,
    read_arrays,
    write_arrays,
)

PLAIN = ArrayFormat("test-plain", 3, what="test file", noun="test file")
KEPT = ArrayFormat("test-kept", 1, what="kept file", noun="kept file", keeps_digest=True)


def layers(seed: int = 0, sizes: tuple[int, ...] = (5, 4, 3)) -> tuple[list[np.ndarray], list[np.ndarray]]:
    rng = np.random.default_rng(seed)
    return ([rng.normal(size=(a, b)).astype(np.float32) for a, b in zip(sizes, sizes[1:], strict=False)],
            [rng.normal(size=b).astype(np.float32) for b in sizes[1:]])


def rewrite(path: str, **changes) -> None:
    """Replace arrays (or, for ``meta``, record fields) of a written file, keeping everything else."""
    with np.load(path) as z:
        arrays = {k: z[k] for k in z.files}
    meta = json.loads(arrays[META_KEY].tobytes())
    meta.update(changes.pop("meta", {}))
    arrays.update(changes)
    arrays[META_KEY] = np.frombuffer(json.dumps(meta).encode(), np.uint8)
    with open(path, "wb") as f:
        np.savez(f, **arrays)


def test_a_written_file_reads_back_with_its_record_and_format_fields(tmp_path):
    w, b = layers()
    path = str(tmp_path / "f.bin")  # any name: nothing appends ".npz"
    meta = write_arrays(path, PLAIN, mlp_arrays(w, b), {"size": 5})
    assert meta == {"size": 5, "format": "test-plain", "format_version": 3}
    arrays, got = read_arrays(path, PLAIN, {"size": 5})
    assert got == meta and META_KEY not in arrays
    w2, b2 = mlp_layers(path, PLAIN, arrays, mlp_sizes(w))
    for x, y in zip(w + b, w2 + b2, strict=True):
        np.testing.assert_array_equal(x, y)
    assert not (tmp_path / "f.bin.tmp").exists()


def test_fields_format_and_version_are_checked_by_name(tmp_path):
    path = str(tmp_path / "f.npz")
    write_arrays(path, PLAIN, {"x": np.zeros(2)}, {"size": 5})
    with pytest.raises(ValueError, match="size mismatch: the file has 5, this code expects 6"):
        read_arrays(path, PLAIN, {"size": 6})
    with pytest.raises(ValueError, match=r"kept file .*: not a kept file \(format 'test-plain'"):
        read_arrays(path, KEPT, {})
    rewrite(path, meta={"format_version": 2})
    with pytest.raises(ValueError, match="format_version mismatch: the file has 2, this code expects 3"):
        read_arrays(path, PLAIN, {"size": 5})


def test_a_digest_keeping_format_refuses_a_changed_array(tmp_path):
    path = str(tmp_path / "k.npz")
    arrays = {"a": np.arange(4, dtype=np.float32), "b": np.ones((2, 2), np.int64)}
    meta = write_arrays(path, KEPT, arrays, {})
    assert meta["sha256"] == digest(arrays)
    read_arrays(path, KEPT, {})
    rewrite(path, a=np.arange(4, dtype=np.float32) + 1)
    with pytest.raises(ValueError, match="damaged"):
        read_arrays(path, KEPT, {})
    assert digest({"a": np.zeros(2, np.float32)}) != digest({"a": np.zeros(2, np.float64)})


def test_an_error_class_of_the_format_is_raised():
    class MyError(ValueError):
        pass

    fmt = ArrayFormat("x", 1, what="x file", noun="x file", error=MyError)
    with pytest.raises(MyError, match="not found"):
        read_arrays("/nonexistent/x.npz", fmt, {})


def test_pickles_are_never_loaded_and_junk_is_refused(tmp_path):
    path = str(tmp_path / "p.npz")
    np.savez(path, x=np.array([{"evil": 1}], dtype=object), **{META_KEY: np.frombuffer(b"{}", np.uint8)})
    with pytest.raises(ValueError, match="plain arrays"):
        read_arrays(path, PLAIN, {})
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"\x00" * 64)
    with pytest.raises(ValueError, match="not a test file .*not a readable .npz"):
        read_arrays(str(junk), PLAIN, {})
    np.savez(str(tmp_path / "bare.npz"), x=np.zeros(1))
    with pytest.raises(ValueError, match="no 'meta_json' record"):
        read_arrays(str(tmp_path / "bare.npz"), PLAIN, {})


def test_mlp_layers_refuse_missing_extra_misshapen_and_non_finite_arrays(tmp_path):
    w, b = layers()
    good = mlp_arrays(w, b)
    cases = [({k: v for k, v in good.items() if k != "b1"}, "missing array"),
             (dict(good, extra=np.zeros(1)), "unexpected array"),
             (dict(good, W1=good["W1"][:, :2]), "layer shape mismatch: W1"),
             (dict(good, b0=np.full(4, np.nan, np.float32)), "b0 holds non-finite"),
             (dict(good, W0=good["W0"].astype(np.int32)), "W0 must hold floats")]
    for arrays, why in cases:
        with pytest.raises(ValueError, match=why):
            mlp_layers("f", PLAIN, arrays, [5, 4, 3])


def test_mlp_forward_is_affine_layers_with_the_activation_between():
    w, b = layers(1)
    x = np.random.default_rng(2).normal(size=(7, 5)).astype(np.float32)
    for act, f in (("relu", lambda h: np.maximum(h, 0)), ("tanh", np.tanh)):
        want = f(x @ w[0] + b[0]) @ w[1] + b[1]  # no activation after the last layer
        np.testing.assert_allclose(mlp_forward(x, w, b, act), want, rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(mlp_forward(x[0], w, b, act), want[0], rtol=1e-5, atol=1e-6)


def test_the_format_loads_no_torch():
    code = ("import sys, footcanasta_env.arrayfile, footcanasta_env.footcanasta.bots.policy; "
            "assert 'torch' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)
