/** The terminal panel; it lives in src/ui/terminal (xterm, line editor, completion). */
export { Terminal, type TerminalProps } from '../terminal/Terminal';
