/**
 * The robots.txt editor: CodeMirror 6 with line numbers, lint diagnostics (computed in a worker,
 * shown as gutter markers and underlines), a mark on each character that stands for bytes that
 * are not UTF-8, a highlighted deciding line, and a size cap.
 */

import { type Diagnostic as CmDiagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { Annotation, EditorState, StateEffect, StateField } from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  EditorView,
  MatchDecorator,
  ViewPlugin,
  type ViewUpdate,
} from '@codemirror/view';
import { basicSetup } from 'codemirror';
import type { LintMark } from './work.js';

const setDeciding = StateEffect.define<number>();
/** Marks a change the page made (an upload, a restored state), not the person typing. */
const external = Annotation.define<boolean>();

const decidingLine = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(value, transaction) {
    let next = value.map(transaction.changes);
    for (const effect of transaction.effects) {
      if (!effect.is(setDeciding)) continue;
      const line = effect.value;
      if (line < 1 || line > transaction.state.doc.lines) {
        next = Decoration.none;
      } else {
        const from = transaction.state.doc.line(line).from;
        next = Decoration.set([Decoration.line({ class: 'cm-deciding-line' }).range(from)]);
      }
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

// U+FFFD stands for bytes that are not UTF-8 (the decoder's replacement): marked, with a title.
const invalidBytes = new MatchDecorator({
  regexp: /\uFFFD+/g,
  decoration: Decoration.mark({
    class: 'cm-invalid-byte',
    attributes: { title: 'Bytes that are not UTF-8 (shown as \uFFFD)' },
  }),
});
const invalidBytePlugin = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = invalidBytes.createDeco(view);
    }
    update(update: ViewUpdate) {
      this.decorations = invalidBytes.updateDeco(update, this.decorations);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

/** The editor and what the page does with it. */
export interface RobotsEditor {
  readonly view: EditorView;
  text(): string;
  /** Replaces the text (not counted as an edit by the person). */
  setText(text: string): void;
  /** Highlights a line (0: none); scrolls the editor to it unless `scroll` is false. */
  highlight(line: number, scroll?: boolean): void;
  /** Shows lint's findings, given in lines and columns of the current text. */
  showLint(marks: readonly LintMark[]): void;
}

/** What the editor tells the page. */
export interface EditorEvents {
  /** After every change; `typed` when the person made it (not `setText`). */
  readonly onChange: (typed: boolean) => void;
  /** When an edit was refused because the text would pass `maxLength`. */
  readonly onRefused: () => void;
  readonly maxLength: number;
}

/** Mounts the editor in `parent`. */
export function createEditor(
  parent: HTMLElement,
  text: string,
  events: EditorEvents,
): RobotsEditor {
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: text,
      extensions: [
        basicSetup,
        lintGutter(),
        decidingLine,
        invalidBytePlugin,
        EditorState.transactionFilter.of((transaction) => {
          if (!transaction.docChanged || transaction.newDoc.length <= events.maxLength) {
            return transaction;
          }
          queueMicrotask(events.onRefused);
          return [];
        }),
        EditorView.contentAttributes.of({ 'aria-label': 'robots.txt draft' }),
        EditorView.updateListener.of((update) => {
          if (!update.docChanged) return;
          const typed = update.transactions.some((t) => t.docChanged && !t.annotation(external));
          events.onChange(typed);
        }),
      ],
    }),
  });
  return {
    view,
    text: () => view.state.doc.toString(),
    setText(next) {
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: next },
        annotations: external.of(true),
      });
    },
    highlight(line, scroll = true) {
      const effects: StateEffect<unknown>[] = [setDeciding.of(line)];
      if (scroll && line >= 1 && line <= view.state.doc.lines) {
        effects.push(EditorView.scrollIntoView(view.state.doc.line(line).from, { y: 'center' }));
      }
      view.dispatch({ effects });
    },
    showLint(marks) {
      const doc = view.state.doc;
      const diagnostics: CmDiagnostic[] = marks.map((d) => {
        const line = doc.line(Math.min(Math.max(d.line, 1), doc.lines));
        const from = Math.min(line.from + d.column - 1, line.to);
        const to =
          d.endColumn === undefined ? line.to : Math.min(line.from + d.endColumn - 1, line.to);
        // The code once, as the source; the message as lint words it.
        return {
          from,
          to: Math.max(to, from),
          severity: d.severity,
          message: d.message,
          source: d.code,
        };
      });
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
  };
}
