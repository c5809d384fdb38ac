"""Plain-array files: an ``.npz`` of arrays with a JSON record, read without unpickling, and the MLP they hold.

Policies (``bots/policy.py``), value nets (``bots/value.py``) and trainer checkpoints
(``training/trainer_state.py``) are all such files:

* named arrays, plain only: ``np.load(..., allow_pickle=False)``, so loading never unpickles code;
* ``meta_json`` (``META_KEY``): a 1-D uint8 array holding a UTF-8 JSON object with ``format`` (the kind
  of file, an ``ArrayFormat``'s name), ``format_version``, the versions and sizes the file was made for,
  and, where the format keeps one, ``sha256``: a digest of every other array (``digest``), so a damaged
  file is refused rather than half-loaded.

An MLP is kept as ``W0, b0, W1, b1, ...`` (weights ``in x out`` float32, then biases), optionally under
a prefix (``league/0/W0``); ``mlp_forward`` runs one in numpy. Nothing here imports torch.
"""

from __future__ import annotations

import hashlib
import json
import os
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

META_KEY = "meta_json"
ACTIVATIONS = ("relu", "tanh")


@dataclass(frozen=True)
class ArrayFormat:
    """One kind of plain-array file: its ``format`` name and version, and how its refusals name it."""

    name: str
    version: int
    what: str  # how a message names a file of this kind: "policy file"
    noun: str  # what a file of another kind is not: "policy checkpoint"
    error: type[ValueError] = ValueError
    keeps_digest: bool = False  # writes ``sha256`` and refuses a file without a matching one

    def fail(self, path: str, why: str) -> ValueError:
        """The error refusing ``path`` for ``why``."""
        return self.error(f"{self.what} {path!r}: {why}")


def digest(arrays: dict[str, np.ndarray]) -> str:
    """SHA-256 over every array's name, dtype, shape and bytes, in name order."""
    h = hashlib.sha256()
    for k in sorted(arrays):
        a = np.ascontiguousarray(arrays[k])
        h.update(k.encode())
        h.update(str(a.dtype).encode())
        h.update(repr(a.shape).encode())
        h.update(a.tobytes())
    return h.hexdigest()


def write_arrays(path: str, fmt: ArrayFormat, arrays: dict[str, np.ndarray], meta: dict[str, Any]) -> dict[str, Any]:
    """Write ``arrays`` and ``meta`` (with the format's fields, and its digest) atomically; the record written."""
    meta = dict(meta, format=fmt.name, format_version=fmt.version)
    if fmt.keeps_digest:
        meta["sha256"] = digest(arrays)
    out = dict(arrays)
    out[META_KEY] = np.frombuffer(json.dumps(meta, sort_keys=True).encode("utf-8"), dtype=np.uint8)
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:  # a file object: np.savez would otherwise append ".npz" to other names
        np.savez(f, **out)
    os.replace(tmp, path)  # a stop mid-write leaves the previous file whole
    return meta


def _load(path: str, fmt: ArrayFormat) -> dict[str, np.ndarray]:
    """Every array of the archive at ``path``, plain arrays only."""
    if not os.path.isfile(path):
        raise fmt.fail(path, "not found (no such file)")
    if not zipfile.is_zipfile(path):
        raise fmt.fail(path, f"not a {fmt.noun} (not a readable .npz archive: damaged or truncated, or another "
                             "kind of file)")
    try:
        with np.load(path, allow_pickle=False) as z:  # plain arrays only: never unpickle code
            return {k: np.asarray(z[k]) for k in z.files}
    except ValueError as e:
        raise fmt.fail(path, f"holds something other than plain arrays ({e})") from None
    except (OSError, EOFError, zipfile.BadZipFile, KeyError) as e:
        raise fmt.fail(path, f"unreadable or truncated archive ({type(e).__name__}: {e})") from None


def _record(path: str, fmt: ArrayFormat, arrays: dict[str, np.ndarray]) -> dict[str, Any]:
    """The JSON record taken out of ``arrays``, if it is one of ``fmt``."""
    if META_KEY not in arrays:
        raise fmt.fail(path, f"no {META_KEY!r} record; not a {fmt.noun}")
    raw = arrays.pop(META_KEY)
    if raw.dtype != np.uint8 or raw.ndim != 1:
        raise fmt.fail(path, f"{META_KEY} must be a 1-D uint8 array")
    try:
        meta = json.loads(raw.tobytes().decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise fmt.fail(path, f"{META_KEY} is not valid JSON ({e})") from None
    if not isinstance(meta, dict):
        raise fmt.fail(path, "the metadata is not a JSON object")
    if meta.get("format") != fmt.name:
        raise fmt.fail(path, f"not a {fmt.noun} (format {meta.get('format')!r}, expected {fmt.name!r})")
    return meta


def read_arrays(path: str, fmt: ArrayFormat, expected: dict[str, Any]) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """The arrays (the record taken out) and record of a file of ``fmt`` whose fields match ``expected``.

    ``fmt.error`` naming what is wrong otherwise: missing, not an archive, pickled objects, no or bad
    record, another format, a field (``format_version`` first) that differs, or a digest that does not match.
    """
    path = os.fspath(path)
    arrays = _load(path, fmt)
    meta = _record(path, fmt, arrays)
    for key, want in {"format_version": fmt.version, **expected}.items():
        got = meta.get(key)
        if got != want:
            raise fmt.fail(path, f"{key} mismatch: the file has {got!r}, this code expects {want!r}")
    if fmt.keeps_digest and meta.get("sha256") != digest(arrays):
        raise fmt.fail(path, "its arrays do not match the digest it was written with (the file is damaged)")
    return arrays, meta


def mlp_sizes(weights: Sequence[np.ndarray]) -> list[int]:
    """The layer sizes of an MLP from input to output."""
    return [int(weights[0].shape[0])] + [int(w.shape[1]) for w in weights]


def mlp_arrays(weights: Sequence[np.ndarray], biases: Sequence[np.ndarray], prefix: str = "") -> dict[str, np.ndarray]:
    """An MLP's arrays as a file keeps them: ``W<i>``, ``b<i>`` (float32) after ``prefix``."""
    out: dict[str, np.ndarray] = {}
    for i, (w, b) in enumerate(zip(weights, biases, strict=True)):
        out[f"{prefix}W{i}"] = np.ascontiguousarray(w, dtype=np.float32)
        out[f"{prefix}b{i}"] = np.ascontiguousarray(b, dtype=np.float32)
    return out


def mlp_layers(path: str, fmt: ArrayFormat, arrays: dict[str, np.ndarray],
               sizes: Sequence[int]) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """The weights and biases (float32) of an MLP of layer ``sizes``, the only arrays of ``arrays``.

    Each layer present with its shape, finite floats, and nothing else; ``fmt.error`` naming what is wrong.
    """
    n = len(sizes) - 1
    names = {f"W{i}" for i in range(n)} | {f"b{i}" for i in range(n)}
    missing, extra = sorted(names - set(arrays)), sorted(set(arrays) - names)
    if missing:
        raise fmt.fail(path, f"missing array(s) {', '.join(missing)}")
    if extra:
        raise fmt.fail(path, f"unexpected array(s) {', '.join(extra)}")
    for i in range(n):
        for name, want in ((f"W{i}", (sizes[i], sizes[i + 1])), (f"b{i}", (sizes[i + 1],))):
            a = arrays[name]
            if tuple(a.shape) != want:
                raise fmt.fail(path, f"layer shape mismatch: {name} is {tuple(a.shape)}, expected {want}")
            if a.dtype.kind != "f":
                raise fmt.fail(path, f"{name} must hold floats, got dtype {a.dtype}")
            if not np.isfinite(a).all():
                raise fmt.fail(path, f"{name} holds non-finite values")
    return ([arrays[f"W{i}"].astype(np.float32) for i in range(n)],
            [arrays[f"b{i}"].astype(np.float32) for i in range(n)])


def mlp_forward(x: np.ndarray, weights: Sequence[np.ndarray], biases: Sequence[np.ndarray],
                activation: str = "relu") -> np.ndarray:
    """The MLP's output for one input or a batch: affine layers, ``activation`` between them (not after)."""
    h = np.asarray(x, dtype=np.float32)
    last = len(weights) - 1
    for i, (w, b) in enumerate(zip(weights, biases, strict=True)):
        h = h @ w + b
        if i < last:
            h = np.maximum(h, 0.0) if activation == "relu" else np.tanh(h)
    return h
