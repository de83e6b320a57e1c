#!/usr/bin/env python3
"""Threshold calibration on the demo eval set (resources/demo/eval/demo.jsonl).

Runs every case through `raglens-cli lookup` and prints, per case, the best evidence
quality of the lookup, then the outcome figures used to pick the LookupSettings defaults
(see docs/readme/lookup.md, "Calibration"):
  - the highest top quality among out-of-domain cases (minEvidenceQuality must sit above),
  - hit@5 of the final evidence and of the raw ranking,
  - selected-attempt and relevance agreement.

usage: calibrate_demo.py --cli build/app/raglens-cli --kb KB_DIR [--mode hybrid|dense] [-v]
"""
import argparse, collections, json, os, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
ap = argparse.ArgumentParser()
ap.add_argument('--cli', default=os.path.join(here, '../../build/app/raglens-cli'))
ap.add_argument('--kb', required=True)
ap.add_argument('--set', default=os.path.join(here, '../../resources/demo/eval/demo.jsonl'))
ap.add_argument('--mode', default='hybrid')
ap.add_argument('-v', action='store_true')
a = ap.parse_args()

cases = [json.loads(l) for l in open(a.set, encoding='utf-8') if l.strip()]
st = collections.Counter()
rows = []
for c in cases:
    args = [a.cli, 'lookup', '--kb', a.kb, '--mode', a.mode, '--top-k', '5']
    if c.get('category'):
        args += ['--category', c['category']]
    args.append(c['query'])
    r = json.loads(subprocess.run(args, capture_output=True, text=True).stdout)
    t = r['retrievalTrace']
    srcs = [b['source'] for b in r['evidenceBlocks']]
    ranked = list(dict.fromkeys(x['source'] for x in t['attempts'][-1]['candidates']))[:5]
    exp = c.get('expected_sources', [])
    top = t['attempts'][-1]['topSimilarity']
    checks = []
    if c.get('expect_no_evidence'):
        st['ood'] += 1
        st['ood_max_top'] = max(st['ood_max_top'], top)
        g = r['evidenceStatus'] == 'NO_EVIDENCE'
        st['ood_ok'] += g
        checks.append(g)
    else:
        st['pos'] += 1
        g = any(s in exp for s in srcs)
        st['hit5'] += g
        st['rank_hit5'] += any(s in exp for s in ranked)
        st['pos_no_evidence'] += r['evidenceStatus'] == 'NO_EVIDENCE'
        checks.append(g)
    if 'expected_selected_attempt' in c:
        st['att'] += 1
        g = t['selectedAttempt'] == c['expected_selected_attempt']
        st['att_ok'] += g
        checks.append(g)
    if 'expected_relevance' in c:
        st['rel'] += 1
        g = r['relevanceLevel'] == c['expected_relevance']
        st['rel_ok'] += g
        checks.append(g)
    rows.append((top, c['id'], ','.join(c.get('tags', [])), all(checks), r['evidenceStatus'],
                 r['relevanceLevel'], t['selectedAttempt'], t['fallbackReason'], srcs[:2], exp[:2]))
for row in sorted(rows):
    if a.v or not row[3]:
        print('%.3f %-34s %-28s %s %s %s %s %s got=%s exp=%s' % (row[0], row[1], row[2], 'ok ' if row[3] else 'BAD', *row[4:]))
print(json.dumps({
    'mode': a.mode,
    'hitAt5': round(st['hit5'] / max(1, st['pos']), 3),
    'rankingHitAt5': round(st['rank_hit5'] / max(1, st['pos']), 3),
    'positivesWithNoEvidence': st['pos_no_evidence'],
    'noEvidenceAccuracy': '%d/%d' % (st['ood_ok'], st['ood']),
    'maxOutOfDomainTopQuality': round(st['ood_max_top'], 3),
    'attemptAgreement': '%d/%d' % (st['att_ok'], st['att']),
    'relevanceAgreement': '%d/%d' % (st['rel_ok'], st['rel']),
}))
