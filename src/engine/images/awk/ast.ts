/** The parsed awk program: rules of pattern and action, functions, expressions and statements. */

export type Expr =
  | { kind: 'num'; value: number }
  | { kind: 'str'; value: string }
  /** A `/re/` alone is `$0 ~ /re/`; as a match operand or built-in argument it is the regex. */
  | { kind: 'ere'; source: string }
  | { kind: 'var'; name: string }
  | { kind: 'index'; name: string; subs: Expr[] }
  | { kind: 'field'; index: Expr }
  | { kind: 'assign'; op: '=' | '+=' | '-=' | '*=' | '/=' | '%=' | '^='; target: LValue; value: Expr }
  | { kind: 'cond'; test: Expr; then: Expr; else: Expr }
  | { kind: 'and' | 'or'; left: Expr; right: Expr }
  | { kind: 'in'; subs: Expr[]; array: string }
  | { kind: 'match'; negate: boolean; left: Expr; right: Expr }
  | { kind: 'compare'; op: '<' | '<=' | '==' | '!=' | '>' | '>='; left: Expr; right: Expr }
  | { kind: 'concat'; left: Expr; right: Expr }
  | { kind: 'binary'; op: '+' | '-' | '*' | '/' | '%' | '^'; left: Expr; right: Expr }
  | { kind: 'unary'; op: '-' | '+' | '!'; operand: Expr }
  | { kind: 'incdec'; op: '++' | '--'; prefix: boolean; target: LValue }
  | { kind: 'call'; name: string; args: Expr[] }
  | { kind: 'builtin'; name: string; args: Expr[] }
  /** `getline [var] [< file]`. */
  | { kind: 'getline'; target?: LValue; file?: Expr }
  | { kind: 'group'; expr: Expr };

export type LValue = Extract<Expr, { kind: 'var' | 'index' | 'field' }>;

export type Redirect = { kind: '>' | '>>'; file: Expr };

export type Stmt =
  | { kind: 'expr'; expr: Expr }
  | { kind: 'print'; args: Expr[]; redirect?: Redirect }
  | { kind: 'printf'; args: Expr[]; redirect?: Redirect }
  | { kind: 'if'; test: Expr; then: Stmt; else?: Stmt }
  | { kind: 'while'; test: Expr; body: Stmt }
  | { kind: 'do'; body: Stmt; test: Expr }
  | { kind: 'for'; init?: Stmt; test?: Expr; step?: Stmt; body: Stmt }
  | { kind: 'forin'; name: string; array: string; body: Stmt }
  | { kind: 'block'; body: Stmt[] }
  | { kind: 'next' | 'nextfile' | 'break' | 'continue' }
  | { kind: 'exit'; status?: Expr }
  | { kind: 'return'; value?: Expr }
  | { kind: 'delete'; array: string; subs?: Expr[] };

export type Pattern =
  | { kind: 'begin' }
  | { kind: 'end' }
  | { kind: 'all' }
  | { kind: 'expr'; expr: Expr }
  | { kind: 'range'; from: Expr; to: Expr };

export interface Rule {
  pattern: Pattern;
  /** No action: print the record. */
  action?: Stmt[];
}

export interface Func {
  params: string[];
  body: Stmt[];
}

export interface Program {
  rules: Rule[];
  funcs: Map<string, Func>;
}
