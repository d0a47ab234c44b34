import { describe, expect, it } from 'vitest';
import { MERMAID_MESSAGE_LIMIT, safeText, toMermaid } from './mermaid';
import { toSequence, type Sequence } from './model';
import { goApiRun } from './testdata.testing';

const run = goApiRun();
const GO_API_TRACE = run.trace;

/** The node the followed Pod runs on, and the revision the Deployment was stored at. */
const node = (r: typeof run): string => r.hops.sandbox.from.split('/')[1]!;
const revision = (r: typeof run): number => {
  const commit = r.requests.createDeployment.find((x) => x.kind === 'etcd-commit');
  return commit?.kind === 'etcd-commit' && commit.detail.type === 'committed' ? commit.detail.revision : -1;
};

describe('toMermaid', () => {
  it('draws participants and arrows like the syllabus', () => {
    const text = toMermaid(toSequence(GO_API_TRACE, { collapseApiserver: true, hideBackground: true }));
    const lines = text.split('\n');
    expect(lines.slice(0, 4)).toEqual(['sequenceDiagram', '  autonumber', '  participant P1 as kubectl', '  participant P2 as kube-apiserver']);
    expect(text).toContain('  participant P4 as Deployment controller\n');
    expect(text).toContain(`  participant P8 as CRI runtime (${node(run)})\n`);
    expect(text).toContain('  P1->>P2: POST /apis/apps/v1/namespaces/default/deployments\n');
    expect(text).toContain('  P2->>P2: authn, authz, admission, validation\n');
    expect(text).toContain(`  P3-->>P2: committed revision ${revision(run)} (quorum 1/1)\n`);
    expect(text).toContain('  P2-->>P1: 201 Created deployment/go-api\n');
    expect(text).not.toContain('%%');
  });

  it('never lets trace text carry mermaid or HTML syntax', () => {
    const hostile: Sequence = {
      participants: [
        { id: 'a;b', label: 'evil<script>alert(1)</script>#x' },
        { id: 'kube-apiserver', label: 'kube-apiserver' },
      ],
      messages: [
        { seq: 1, lastSeq: 1, seqs: [1], at: 0, from: 'a;b', to: 'kube-apiserver', kind: 'request', role: 'call', dashed: false, self: false, text: 'x"; click P1 call alert(1) %%{init: {}}%% <img src=x onerror=alert(1)>\nNote over P1: hi' },
      ],
    };
    const text = toMermaid(hostile);
    const labels = text.split('\n').slice(2).map((l) => l.replace(/^ {2}(participant P\d+ as |P\d+-{1,2}>>P\d+: )/, ''));
    for (const l of labels) expect(l).not.toMatch(/[<>"';#%{}\\]/);
    expect(text.trimEnd().split('\n')).toHaveLength(5);
    expect(text).toContain('participant P1 as evilscriptalert(1)/scriptx');
  });

  it('spells arrows and quotes safely and caps length', () => {
    expect(safeText('filter 4 nodes → 3 feasible; selected node-1')).toBe('filter 4 nodes to 3 feasible selected node-1');
    expect(safeText('authenticated as "kubernetes-admin"')).toBe('authenticated as kubernetes-admin');
    expect(safeText('Zugriff für 用户')).toBe('Zugriff fr');
    const long = safeText('x'.repeat(200));
    expect(long).toHaveLength(80);
    expect(long.endsWith('...')).toBe(true);
  });

  it('renders only the most recent messages and says so', () => {
    const base = toSequence(GO_API_TRACE, { collapseApiserver: false, hideBackground: false });
    const many: Sequence = { participants: base.participants, messages: Array.from({ length: 400 }, (_, i) => ({ ...base.messages[i % base.messages.length]!, seq: i + 1, text: `m${i + 1}` })) };
    const lines = toMermaid(many).trimEnd().split('\n');
    const arrows = lines.filter((l) => l.includes('>>'));
    expect(arrows).toHaveLength(MERMAID_MESSAGE_LIMIT);
    expect(arrows[0]).toMatch(/: m251$/);
    expect(arrows.at(-1)).toMatch(/: m400$/);
    expect(lines).toContain(`  %% showing the last ${MERMAID_MESSAGE_LIMIT} of 400 messages`);
  });

  it('boxes the current step and the steps a lesson focuses on', () => {
    const seq = toSequence(GO_API_TRACE, { collapseApiserver: true, hideBackground: true });
    const post = seq.messages.find((m) => m.text === 'POST /apis/apps/v1/namespaces/default/deployments')!;
    const stages = seq.messages[seq.messages.indexOf(post) + 1]!;
    const last = seq.messages.at(-1)!;
    // A focus on a folded stage record marks the collapsed message that stands for it.
    const text = toMermaid(seq, MERMAID_MESSAGE_LIMIT, { current: last.seq, focus: [stages.lastSeq] });
    expect(text).toContain('  rect rgba(122, 168, 255, 0.35)\n    P2->>P2: authn, authz, admission, validation\n  end\n');
    expect(text.trimEnd().split('\n').slice(-3)).toEqual(['  rect rgba(255, 214, 102, 0.55)', expect.stringMatching(/^ {4}P\d+-{0,2}>>P\d+: /), '  end']);
    expect(text.match(/ rect /g)).toHaveLength(2);
  });
});

describe('toMermaid output', () => {
  it("parses with mermaid's own parser, hostile text included", async () => {
    const mermaid = (await import('mermaid')).default;
    for (const collapseApiserver of [false, true]) {
      const text = toMermaid(toSequence(GO_API_TRACE, { collapseApiserver, hideBackground: false }));
      await expect(mermaid.parse(text)).resolves.toMatchObject({ diagramType: 'sequence' });
    }
    const hostile: Sequence = {
      participants: [{ id: 'x', label: 'end' }, { id: 'y', label: 'participant' }],
      messages: [{ seq: 1, lastSeq: 1, seqs: [1], at: 0, from: 'x', to: 'y', kind: 'request', role: 'call', dashed: true, self: false, text: '-x +y end; loop %%' }],
    };
    await expect(mermaid.parse(toMermaid(hostile))).resolves.toMatchObject({ diagramType: 'sequence' });
    const tidy = toSequence(GO_API_TRACE, { collapseApiserver: true, hideBackground: true });
    const marked = toMermaid(tidy, MERMAID_MESSAGE_LIMIT, { current: tidy.messages.at(-1)!.seq, focus: tidy.messages.slice(0, 3).map((m) => m.seq) });
    await expect(mermaid.parse(marked)).resolves.toMatchObject({ diagramType: 'sequence' });
  });
});
