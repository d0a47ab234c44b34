/**
 * What a diagram node can ask of the view around it: open a component's card, open the fault
 * menu for a box, answer the open prediction with it, or show a Pod in the inspector. Custom React Flow nodes get no props
 * from the view, so this travels by context.
 */
import { createContext, useContext, type KeyboardEvent } from 'react';

/** Where the fault menu opens: at the pointer, or beside the element that had focus (keyboard). */
export type MenuAnchor = { x: number; y: number; returnFocus?: HTMLElement | null };

export interface DiagramActions {
  openCard(componentId: string): void;
  openMenu(diagramId: string, name: string, anchor: MenuAnchor): void;
  /** Chooses a prediction's option (the lesson controller's `choose`). */
  choose(option: string): void;
  /** Zooms from the node grid into one node's machine. */
  openNode(host: string): void;
  /** Opens an object (a Pod, by storage key) in the dock's inspector. */
  inspect(key: string): void;
}

export const DiagramActionsContext = createContext<DiagramActions | null>(null);

/** The node the grid's zoom shows (its square is marked). */
export const ZoomedNodeContext = createContext<string | undefined>(undefined);

export function useDiagramActions(): DiagramActions {
  const a = useContext(DiagramActionsContext);
  if (!a) throw new Error('diagram nodes need a <DiagramActionsContext.Provider>');
  return a;
}

/** Shift+F10 and the ContextMenu key: the keyboard's right-click. */
export function isMenuKey(e: Pick<KeyboardEvent, 'key' | 'shiftKey'>): boolean {
  return e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey);
}

/** A menu anchor just below an element (client coordinates), returning focus to it on close. */
export function anchorBelow(el: HTMLElement): MenuAnchor {
  const r = el.getBoundingClientRect();
  return { x: r.left, y: r.bottom, returnFocus: el };
}
