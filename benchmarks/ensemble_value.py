"""Average value files into one value file: the mean of their predictions, as a single wider MLP.

Why one MLP rather than an ensemble class: the search bot and every reader of value files
(``bots/value.py``) keep one format. Nets of the same depth are laid side by side: the first layers'
columns concatenated, the hidden layers block-diagonal, the last layer the weighted sum of the outputs
(each net's ``target_scale`` folded in). Inference costs the sum of the nets' costs.

    python benchmarks/ensemble_value.py footcanasta_env/bots/data/value.npz OTHER.npz --out runs/ensemble.npz
"""

from __future__ import annotations

import argparse
import os

import numpy as np

from footcanasta_env.bots.value import ValueNet, load_value, save_value


def block_diagonal(blocks: list[np.ndarray]) -> np.ndarray:
    """The block-diagonal matrix of ``blocks``."""
    out = np.zeros((sum(b.shape[0] for b in blocks), sum(b.shape[1] for b in blocks)), dtype=np.float32)
    r = c = 0
    for b in blocks:
        out[r:r + b.shape[0], c:c + b.shape[1]] = b
        r, c = r + b.shape[0], c + b.shape[1]
    return out


def average(nets: list[ValueNet], weights: list[float] | None = None
            ) -> tuple[list[np.ndarray], list[np.ndarray], float]:
    """Weights, biases and target scale of one MLP predicting ``sum(w_i * net_i)`` (``w`` sums to 1)."""
    depth = {len(n.weights) for n in nets}
    if len(depth) != 1:
        raise ValueError(f"value nets of different depths cannot be laid side by side: {sorted(depth)}")
    w = np.full(len(nets), 1 / len(nets)) if weights is None else np.asarray(weights, dtype=np.float64)
    if len(w) != len(nets) or not np.all(w >= 0) or not np.isclose(w.sum(), 1):
        raise ValueError("the weights must be one per net, at least 0, and sum to 1")
    scale = nets[0].scale
    last = depth.pop() - 1
    ws, bs = [], []
    for i in range(last + 1):
        if i == 0:
            ws.append(np.concatenate([n.weights[0] for n in nets], axis=1))
        elif i < last:
            ws.append(block_diagonal([n.weights[i] for n in nets]))
        if i < last:
            bs.append(np.concatenate([n.biases[i] for n in nets]))
    # each net's output in points is (h @ W + b) / its scale; the average, in this file's scale:
    k = [float(wi) * scale / n.scale for wi, n in zip(w, nets, strict=True)]
    if last == 0:
        ws.append(sum(ki * n.weights[0] for ki, n in zip(k, nets, strict=True)).astype(np.float32))
    else:
        ws.append(np.concatenate([ki * n.weights[last] for ki, n in zip(k, nets, strict=True)], axis=0))
    bs.append(np.asarray(sum(ki * n.biases[last] for ki, n in zip(k, nets, strict=True)), dtype=np.float32))
    return ws, bs, scale


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("values", nargs="+", help="value files (.npz) to average")
    ap.add_argument("--weights", type=float, nargs="*", help="one weight per file (default: equal)")
    ap.add_argument("--out", required=True, help="the value file to write")
    args = ap.parse_args()
    if len(args.values) < 2:
        ap.error("give at least two value files")
    try:
        nets = [load_value(p) for p in args.values]
        ws, bs, scale = average(nets, args.weights)
    except ValueError as e:
        ap.error(str(e))
    weights = args.weights or [1 / len(nets)] * len(nets)
    training = {"kind": "average of value files", "parts": [
        {"file": os.path.basename(p), "weight": float(w), "training": n.meta.get("training")}
        for p, w, n in zip(args.values, weights, nets, strict=True)]}
    save_value(args.out, ws, bs, scale, training)
    print(f"wrote {args.out}: layers {[ws[0].shape[0]] + [w.shape[1] for w in ws]}")


if __name__ == "__main__":
    main()
