/**
 * text/template's parse tree (parse/node.go) and each node's String(), which execution errors
 * quote as their context: `executing "output" at <index .data 1>`.
 */

export interface NumberNode {
  type: 'number';
  pos: number;
  text: string;
  isInt: boolean;
  isUint: boolean;
  isFloat: boolean;
  isComplex: boolean;
  int: bigint;
  uint: bigint;
  float: number;
  imag: number;
}

export type ArgNode =
  | { type: 'field'; pos: number; ident: string[] }
  | { type: 'variable'; pos: number; ident: string[] }
  | { type: 'identifier'; pos: number; ident: string }
  | { type: 'dot'; pos: number }
  | { type: 'nil'; pos: number }
  | { type: 'bool'; pos: number; value: boolean }
  | NumberNode
  | { type: 'string'; pos: number; quoted: string; text: string }
  | { type: 'chain'; pos: number; node: ArgNode; field: string[] }
  | PipeNode;

export interface VariableNode {
  type: 'variable';
  pos: number;
  ident: string[];
}

export interface CommandNode {
  type: 'command';
  pos: number;
  args: ArgNode[];
}

export interface PipeNode {
  type: 'pipe';
  pos: number;
  isAssign: boolean;
  decl: VariableNode[];
  cmds: CommandNode[];
}

export interface ListNode {
  type: 'list';
  pos: number;
  nodes: Node[];
}

export type BranchType = 'if' | 'range' | 'with';

export interface BranchNode {
  type: BranchType;
  pos: number;
  pipe: PipeNode;
  list: ListNode;
  elseList: ListNode | undefined;
}

export type Node =
  | { type: 'text'; pos: number; text: string }
  | { type: 'action'; pos: number; pipe: PipeNode }
  | BranchNode
  | { type: 'template'; pos: number; name: string; pipe: PipeNode | undefined }
  | { type: 'break' | 'continue'; pos: number }
  | ListNode;

/** Where an execution error happened: a node of the tree or one of its arguments. */
export type AnyNode = Node | ArgNode | CommandNode;

function pipeString(p: PipeNode): string {
  const decl = p.decl.length > 0 ? `${p.decl.map((v) => v.ident.join('.')).join(', ')} := ` : '';
  return decl + p.cmds.map(commandString).join(' | ');
}

function commandString(c: CommandNode): string {
  return c.args.map((a) => (a.type === 'pipe' ? `(${pipeString(a)})` : nodeString(a))).join(' ');
}

export function nodeString(n: AnyNode): string {
  switch (n.type) {
    case 'text':
      return n.text;
    case 'action':
      return `{{${pipeString(n.pipe)}}}`;
    case 'if':
    case 'range':
    case 'with':
      return `{{${n.type} ${pipeString(n.pipe)}}}${nodeString(n.list)}${n.elseList ? `{{else}}${nodeString(n.elseList)}` : ''}{{end}}`;
    case 'template':
      return `{{template ${JSON.stringify(n.name)}${n.pipe ? ` ${pipeString(n.pipe)}` : ''}}}`;
    case 'break':
      return '{{break}}';
    case 'continue':
      return '{{continue}}';
    case 'list':
      return n.nodes.map(nodeString).join('');
    case 'command':
      return commandString(n);
    case 'pipe':
      return pipeString(n);
    case 'field':
      return n.ident.map((i) => `.${i}`).join('');
    case 'variable':
      return n.ident.join('.');
    case 'identifier':
      return n.ident;
    case 'dot':
      return '.';
    case 'nil':
      return 'nil';
    case 'bool':
      return n.value ? 'true' : 'false';
    case 'number':
      return n.text;
    case 'string':
      return n.quoted;
    case 'chain':
      return `${n.node.type === 'pipe' ? `(${pipeString(n.node)})` : nodeString(n.node)}${n.field.map((f) => `.${f}`).join('')}`;
  }
}
