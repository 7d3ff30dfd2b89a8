#!/usr/bin/env python3
"""Experiment (not shipped): a linear probe on SmolLM2-135M mean-pooled embeddings
(llama-cpp-python), leave-one-set-out like train.py evaluate. Measured 2026-11-29:
  C=1    HeldOutSet R 36.7% FP 3.4%  Batch2 R 51.4% FP 1.7%  Batch3 R 45.2% FP 1.6%  probe R 36.7% FP 2.5%
  C=10   HeldOutSet R 50.0% FP 1.7%  Batch2 R 65.7% FP 1.7%  Batch3 R 52.4% FP 1.6%  probe R 46.7% FP 2.5%
  C=100  HeldOutSet R 65.0% FP 2.5%  Batch2 R 68.6% FP 1.7%  Batch3 R 64.3% FP 1.6%  probe R 36.7% FP 0.0%
worse than the word+concept model on every set, and it would need model access in a
synchronous policy, so it is not used. Takes about 9 minutes on 2 cores.
"""
import sys, json, numpy as np, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import extract
from llama_cpp import Llama
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold
rows = extract.load()
probe = [json.loads(l) for l in open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'probe.jsonl'))]
m = Llama(os.path.expanduser('~/.cache/fm/models/SmolLM2-135M-Instruct.Q4_1.gguf'), embedding=True, verbose=False, n_ctx=512, pooling_type=1)
def emb(t):
    e = np.array(m.embed(t if t else " "))
    if e.ndim > 1: e = e.mean(0)
    return e / (np.linalg.norm(e) + 1e-9)
X = np.array([emb(r['text']) for r in rows]); P = np.array([emb(r['text']) for r in probe])
y = np.array([r['label'] == 'harmful' for r in rows]).astype(int); sets = np.array([r['set'] for r in rows])
yp = np.array([r['label'] == 'harmful' for r in probe]).astype(int)
def thr_oof(X, y, C):
    oof = np.zeros(len(y))
    for tr, te in StratifiedKFold(5, shuffle=True, random_state=0).split(X, y):
        oof[te] = LogisticRegression(C=C, class_weight='balanced', max_iter=2000).fit(X[tr], y[tr]).decision_function(X[te])
    b = np.sort(oof[y == 0])[::-1]; return b[int(0.01 * len(b))]
for C in [1, 10, 100]:
    line = f"C={C}"
    for s in extract.SETS[1:]:
        tr, te = sets != s, sets == s
        lr = LogisticRegression(C=C, class_weight='balanced', max_iter=2000).fit(X[tr], y[tr])
        t = thr_oof(X[tr], y[tr], C); p = lr.decision_function(X[te]) > t
        line += f"  {s[9:]}: R {p[y[te]==1].mean():.1%} FP {p[y[te]==0].mean():.1%}"
    lr = LogisticRegression(C=C, class_weight='balanced', max_iter=2000).fit(X, y); t = thr_oof(X, y, C)
    p = lr.decision_function(P) > t
    line += f"  probe: R {p[yp==1].mean():.1%} FP {p[yp==0].mean():.1%}"
    print(line, flush=True)
