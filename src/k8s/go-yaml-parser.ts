/**
 * go-yaml v2's parser (parserc.go) over the scanner in go-yaml-scanner.ts, and the first steps
 * of its decoder (decode.go's parser: one document, anchors, `unknown anchor` and how
 * (*parser).fail words the error). Only where the first syntax error is and how go-yaml words
 * it; valid documents are left to the `yaml` library. States and checks are upstream's, in
 * upstream's order, so they can be read beside parserc.go (which is why this file is one piece
 * of some 450 lines: the state machine does not split without losing that correspondence).
 */
import { Failed, T, type Mark, type Scanner, type Token } from './go-yaml-scanner';

const enum S {
  StreamStart,
  ImplicitDocumentStart,
  DocumentStart,
  DocumentContent,
  DocumentEnd,
  BlockNode,
  BlockNodeOrIndentlessSequence,
  FlowNode,
  BlockSequenceFirstEntry,
  BlockSequenceEntry,
  IndentlessSequenceEntry,
  BlockMappingFirstKey,
  BlockMappingKey,
  BlockMappingValue,
  FlowSequenceFirstEntry,
  FlowSequenceEntry,
  FlowSequenceEntryMappingKey,
  FlowSequenceEntryMappingValue,
  FlowSequenceEntryMappingEnd,
  FlowMappingFirstKey,
  FlowMappingKey,
  FlowMappingValue,
  FlowMappingEmptyValue,
  End,
}

export const enum E {
  StreamStart,
  StreamEnd,
  DocumentStart,
  DocumentEnd,
  Alias,
  Scalar,
  SequenceStart,
  SequenceEnd,
  MappingStart,
  MappingEnd,
}

export interface Event {
  typ: E;
  anchor?: string;
}

const ZERO: Mark = { index: 0, line: 0, column: 0 };

export class Parser {
  private state = S.StreamStart;
  private states: S[] = [];
  private marks: Mark[] = [];
  private tagDirectives: { handle: string; prefix: string }[] = [];

  constructor(private readonly scanner: Scanner) {}

  private fail(problem: string, problemMark: Mark, contextMark: Mark = ZERO): never {
    throw new Failed({ kind: 'parser', problem, problemMark: { ...problemMark }, contextMark: { ...contextMark } });
  }

  private peek(): Token {
    return this.scanner.peek();
  }

  private skip(): void {
    this.scanner.skipToken();
  }

  private pop(): S {
    return this.states.pop()!;
  }

  /** yaml_parser_parse: the next event; undefined once the stream has ended. */
  parse(): Event | undefined {
    if (this.scanner.streamEndProduced || this.state === S.End) return undefined;
    return this.machine();
  }

  private machine(): Event {
    switch (this.state) {
      case S.StreamStart: {
        const t = this.peek();
        if (t.typ !== T.StreamStart) this.fail('did not find expected <stream-start>', t.start);
        this.state = S.ImplicitDocumentStart;
        this.skip();
        return { typ: E.StreamStart };
      }
      case S.ImplicitDocumentStart:
        return this.documentStart(true);
      case S.DocumentStart:
        return this.documentStart(false);
      case S.DocumentContent: {
        const t = this.peek();
        if (t.typ === T.VersionDirective || t.typ === T.TagDirective || t.typ === T.DocumentStart || t.typ === T.DocumentEnd || t.typ === T.StreamEnd) {
          this.state = this.pop();
          return { typ: E.Scalar };
        }
        return this.node(true, false);
      }
      case S.DocumentEnd: {
        const t = this.peek();
        if (t.typ === T.DocumentEnd) this.skip();
        this.tagDirectives = [];
        this.state = S.DocumentStart;
        return { typ: E.DocumentEnd };
      }
      case S.BlockNode:
        return this.node(true, false);
      case S.BlockNodeOrIndentlessSequence:
        return this.node(true, true);
      case S.FlowNode:
        return this.node(false, false);
      case S.BlockSequenceFirstEntry:
        return this.blockSequenceEntry(true);
      case S.BlockSequenceEntry:
        return this.blockSequenceEntry(false);
      case S.IndentlessSequenceEntry:
        return this.indentlessSequenceEntry();
      case S.BlockMappingFirstKey:
        return this.blockMappingKey(true);
      case S.BlockMappingKey:
        return this.blockMappingKey(false);
      case S.BlockMappingValue:
        return this.blockMappingValue();
      case S.FlowSequenceFirstEntry:
        return this.flowSequenceEntry(true);
      case S.FlowSequenceEntry:
        return this.flowSequenceEntry(false);
      case S.FlowSequenceEntryMappingKey: {
        const t = this.peek();
        if (t.typ !== T.Value && t.typ !== T.FlowEntry && t.typ !== T.FlowSequenceEnd) {
          this.states.push(S.FlowSequenceEntryMappingValue);
          return this.node(false, false);
        }
        this.skip();
        this.state = S.FlowSequenceEntryMappingValue;
        return { typ: E.Scalar };
      }
      case S.FlowSequenceEntryMappingValue: {
        const t = this.peek();
        if (t.typ === T.Value) {
          this.skip();
          const n = this.peek();
          if (n.typ !== T.FlowEntry && n.typ !== T.FlowSequenceEnd) {
            this.states.push(S.FlowSequenceEntryMappingEnd);
            return this.node(false, false);
          }
        }
        this.state = S.FlowSequenceEntryMappingEnd;
        return { typ: E.Scalar };
      }
      case S.FlowSequenceEntryMappingEnd:
        this.peek();
        this.state = S.FlowSequenceEntry;
        return { typ: E.MappingEnd };
      case S.FlowMappingFirstKey:
        return this.flowMappingKey(true);
      case S.FlowMappingKey:
        return this.flowMappingKey(false);
      case S.FlowMappingValue:
        return this.flowMappingValue(false);
      case S.FlowMappingEmptyValue:
        return this.flowMappingValue(true);
      case S.End:
        throw new Error('parse after end');
    }
  }

  private documentStart(implicit: boolean): Event {
    let t = this.peek();
    if (!implicit) {
      while (t.typ === T.DocumentEnd) {
        this.skip();
        t = this.peek();
      }
    }
    if (implicit && t.typ !== T.VersionDirective && t.typ !== T.TagDirective && t.typ !== T.DocumentStart && t.typ !== T.StreamEnd) {
      this.processDirectives();
      this.states.push(S.DocumentEnd);
      this.state = S.BlockNode;
      return { typ: E.DocumentStart };
    }
    if (t.typ !== T.StreamEnd) {
      this.processDirectives();
      t = this.peek();
      if (t.typ !== T.DocumentStart) this.fail('did not find expected <document start>', t.start);
      this.states.push(S.DocumentEnd);
      this.state = S.DocumentContent;
      this.skip();
      return { typ: E.DocumentStart };
    }
    this.state = S.End;
    this.skip();
    return { typ: E.StreamEnd };
  }

  private node(block: boolean, indentlessSequence: boolean): Event {
    let t = this.peek();
    if (t.typ === T.Alias) {
      this.state = this.pop();
      this.skip();
      return { typ: E.Alias, anchor: t.value };
    }
    let start = t.start;
    let anchor: string | undefined;
    let tagToken = false;
    let handle = '';
    let suffix = '';
    let tagMark = ZERO;
    if (t.typ === T.Anchor) {
      anchor = t.value;
      start = t.start;
      this.skip();
      t = this.peek();
      if (t.typ === T.Tag) {
        tagToken = true;
        handle = t.value ?? '';
        suffix = t.suffix ?? '';
        tagMark = t.start;
        this.skip();
        t = this.peek();
      }
    } else if (t.typ === T.Tag) {
      tagToken = true;
      handle = t.value ?? '';
      suffix = t.suffix ?? '';
      start = t.start;
      tagMark = t.start;
      this.skip();
      t = this.peek();
      if (t.typ === T.Anchor) {
        anchor = t.value;
        this.skip();
        t = this.peek();
      }
    }
    let tag = '';
    if (tagToken) {
      if (!handle) tag = suffix;
      else {
        const d = this.tagDirectives.find((x) => x.handle === handle);
        if (d) tag = d.prefix + suffix;
        if (!tag) this.fail('found undefined tag handle', tagMark, start);
      }
    }
    if (indentlessSequence && t.typ === T.BlockEntry) {
      this.state = S.IndentlessSequenceEntry;
      return { typ: E.SequenceStart, anchor };
    }
    if (t.typ === T.Scalar) {
      this.state = this.pop();
      this.skip();
      return { typ: E.Scalar, anchor };
    }
    if (t.typ === T.FlowSequenceStart) {
      this.state = S.FlowSequenceFirstEntry;
      return { typ: E.SequenceStart, anchor };
    }
    if (t.typ === T.FlowMappingStart) {
      this.state = S.FlowMappingFirstKey;
      return { typ: E.MappingStart, anchor };
    }
    if (block && t.typ === T.BlockSequenceStart) {
      this.state = S.BlockSequenceFirstEntry;
      return { typ: E.SequenceStart, anchor };
    }
    if (block && t.typ === T.BlockMappingStart) {
      this.state = S.BlockMappingFirstKey;
      return { typ: E.MappingStart, anchor };
    }
    if (anchor || tag) {
      this.state = this.pop();
      return { typ: E.Scalar, anchor };
    }
    this.fail('did not find expected node content', t.start, start);
  }

  private blockSequenceEntry(first: boolean): Event {
    if (first) {
      this.marks.push(this.peek().start);
      this.skip();
    }
    const t = this.peek();
    if (t.typ === T.BlockEntry) {
      this.skip();
      const n = this.peek();
      if (n.typ !== T.BlockEntry && n.typ !== T.BlockEnd) {
        this.states.push(S.BlockSequenceEntry);
        return this.node(true, false);
      }
      this.state = S.BlockSequenceEntry;
      return { typ: E.Scalar };
    }
    if (t.typ === T.BlockEnd) {
      this.state = this.pop();
      this.marks.pop();
      this.skip();
      return { typ: E.SequenceEnd };
    }
    this.fail("did not find expected '-' indicator", t.start, this.marks.pop());
  }

  private indentlessSequenceEntry(): Event {
    const t = this.peek();
    if (t.typ === T.BlockEntry) {
      this.skip();
      const n = this.peek();
      if (n.typ !== T.BlockEntry && n.typ !== T.Key && n.typ !== T.Value && n.typ !== T.BlockEnd) {
        this.states.push(S.IndentlessSequenceEntry);
        return this.node(true, false);
      }
      this.state = S.IndentlessSequenceEntry;
      return { typ: E.Scalar };
    }
    this.state = this.pop();
    return { typ: E.SequenceEnd };
  }

  private blockMappingKey(first: boolean): Event {
    if (first) {
      this.marks.push(this.peek().start);
      this.skip();
    }
    const t = this.peek();
    if (t.typ === T.Key) {
      this.skip();
      const n = this.peek();
      if (n.typ !== T.Key && n.typ !== T.Value && n.typ !== T.BlockEnd) {
        this.states.push(S.BlockMappingValue);
        return this.node(true, true);
      }
      this.state = S.BlockMappingValue;
      return { typ: E.Scalar };
    }
    if (t.typ === T.BlockEnd) {
      this.state = this.pop();
      this.marks.pop();
      this.skip();
      return { typ: E.MappingEnd };
    }
    this.fail('did not find expected key', t.start, this.marks.pop());
  }

  private blockMappingValue(): Event {
    const t = this.peek();
    if (t.typ === T.Value) {
      this.skip();
      const n = this.peek();
      if (n.typ !== T.Key && n.typ !== T.Value && n.typ !== T.BlockEnd) {
        this.states.push(S.BlockMappingKey);
        return this.node(true, true);
      }
    }
    this.state = S.BlockMappingKey;
    return { typ: E.Scalar };
  }

  private flowSequenceEntry(first: boolean): Event {
    if (first) {
      this.marks.push(this.peek().start);
      this.skip();
    }
    let t = this.peek();
    if (t.typ !== T.FlowSequenceEnd) {
      if (!first) {
        if (t.typ !== T.FlowEntry) this.fail("did not find expected ',' or ']'", t.start, this.marks.pop());
        this.skip();
        t = this.peek();
      }
      if (t.typ === T.Key) {
        this.state = S.FlowSequenceEntryMappingKey;
        this.skip();
        return { typ: E.MappingStart };
      }
      if (t.typ !== T.FlowSequenceEnd) {
        this.states.push(S.FlowSequenceEntry);
        return this.node(false, false);
      }
    }
    this.state = this.pop();
    this.marks.pop();
    this.skip();
    return { typ: E.SequenceEnd };
  }

  private flowMappingKey(first: boolean): Event {
    if (first) {
      this.marks.push(this.peek().start);
      this.skip();
    }
    let t = this.peek();
    if (t.typ !== T.FlowMappingEnd) {
      if (!first) {
        if (t.typ !== T.FlowEntry) this.fail("did not find expected ',' or '}'", t.start, this.marks.pop());
        this.skip();
        t = this.peek();
      }
      if (t.typ === T.Key) {
        this.skip();
        const n = this.peek();
        if (n.typ !== T.Value && n.typ !== T.FlowEntry && n.typ !== T.FlowMappingEnd) {
          this.states.push(S.FlowMappingValue);
          return this.node(false, false);
        }
        this.state = S.FlowMappingValue;
        return { typ: E.Scalar };
      }
      if (t.typ !== T.FlowMappingEnd) {
        this.states.push(S.FlowMappingEmptyValue);
        return this.node(false, false);
      }
    }
    this.state = this.pop();
    this.marks.pop();
    this.skip();
    return { typ: E.MappingEnd };
  }

  private flowMappingValue(empty: boolean): Event {
    const t = this.peek();
    if (empty) {
      this.state = S.FlowMappingKey;
      return { typ: E.Scalar };
    }
    if (t.typ === T.Value) {
      this.skip();
      const n = this.peek();
      if (n.typ !== T.FlowEntry && n.typ !== T.FlowMappingEnd) {
        this.states.push(S.FlowMappingKey);
        return this.node(false, false);
      }
    }
    this.state = S.FlowMappingKey;
    return { typ: E.Scalar };
  }

  private processDirectives(): void {
    let version = false;
    let t = this.peek();
    while (t.typ === T.VersionDirective || t.typ === T.TagDirective) {
      if (t.typ === T.VersionDirective) {
        if (version) this.fail('found duplicate %YAML directive', t.start);
        if (t.major !== 1 || t.minor !== 1) this.fail('found incompatible YAML document', t.start);
        version = true;
      } else {
        this.appendTagDirective({ handle: t.value ?? '', prefix: t.suffix ?? '' }, false, t.start);
      }
      this.skip();
      t = this.peek();
    }
    this.appendTagDirective({ handle: '!', prefix: '!' }, true, t.start);
    this.appendTagDirective({ handle: '!!', prefix: 'tag:yaml.org,2002:' }, true, t.start);
  }

  private appendTagDirective(value: { handle: string; prefix: string }, allowDuplicates: boolean, mark: Mark): void {
    if (this.tagDirectives.some((d) => d.handle === value.handle)) {
      if (allowDuplicates) return;
      this.fail('found duplicate %TAG directive', mark);
    }
    this.tagDirectives.push(value);
  }
}
