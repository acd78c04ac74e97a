/**
 * The robots.txt editor: CodeMirror 6 with line numbers, lint diagnostics (gutter markers and
 * underlines), and a highlighted deciding line.
 */

import { type Diagnostic as CmDiagnostic, linter, lintGutter } from '@codemirror/lint';
import { EditorState, StateEffect, StateField } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { readStatement } from '../../src/ai-preferences/index.js';
import { lintRobotsTxt } from '../../src/index.js';

const setDeciding = StateEffect.define<number>();

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

/** The diagnostics of lint, mapped to the editor's positions. */
function robotsLinter(view: EditorView): CmDiagnostic[] {
  const doc = view.state.doc;
  // With the AIPREF statement reader, Content-Usage values are checked too.
  const result = lintRobotsTxt(doc.toString(), { readStatement });
  return result.diagnostics.map((d) => {
    const line = doc.line(Math.min(Math.max(d.line, 1), doc.lines));
    const from = Math.min(line.from + d.column - 1, line.to);
    const to = d.endColumn === undefined ? line.to : Math.min(line.from + d.endColumn - 1, line.to);
    return {
      from,
      to: Math.max(to, from),
      severity: d.severity === 'error' ? 'error' : d.severity === 'warning' ? 'warning' : 'info',
      message: `${d.message} [${d.code}]`,
      source: d.code,
    };
  });
}

/** The editor and what the page does with it. */
export interface RobotsEditor {
  readonly view: EditorView;
  text(): string;
  setText(text: string): void;
  /** Highlights a line (0: none) and scrolls it into view. */
  highlight(line: number): void;
}

/** Mounts the editor in `parent`; `onChange` runs after every edit. */
export function createEditor(
  parent: HTMLElement,
  text: string,
  onChange: () => void,
): RobotsEditor {
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: text,
      extensions: [
        basicSetup,
        lintGutter(),
        linter(robotsLinter, { delay: 150 }),
        decidingLine,
        EditorView.contentAttributes.of({ 'aria-label': 'robots.txt draft' }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChange();
        }),
      ],
    }),
  });
  return {
    view,
    text: () => view.state.doc.toString(),
    setText(next) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: next } });
    },
    highlight(line) {
      const effects: StateEffect<unknown>[] = [setDeciding.of(line)];
      if (line >= 1 && line <= view.state.doc.lines) {
        effects.push(EditorView.scrollIntoView(view.state.doc.line(line).from, { y: 'center' }));
      }
      view.dispatch({ effects });
    },
  };
}
