import { type AddNodeDraft, parseAddNodeDraft } from '../../machines/nodes/add-node-draft.ts';

/** Where this tab keeps an add-node flow in progress (sessionStorage: per tab, gone with it). */
export const ADD_NODE_DRAFT_KEY = 'nodr-add-node-draft';

/**
 * The add-node draft in this tab's sessionStorage. A storage that refuses (private mode, a full quota) only loses
 * the memory: the flow still works, a reload then starts it afresh.
 */
export const addNodeDraftStore = {
  read(teamId: number): AddNodeDraft | null {
    try {
      return parseAddNodeDraft(sessionStorage.getItem(ADD_NODE_DRAFT_KEY), teamId);
    } catch {
      return null;
    }
  },
  write(draft: AddNodeDraft): void {
    try {
      sessionStorage.setItem(ADD_NODE_DRAFT_KEY, JSON.stringify(draft));
    } catch {
      // Nothing kept: see above.
    }
  },
  clear(): void {
    try {
      sessionStorage.removeItem(ADD_NODE_DRAFT_KEY);
    } catch {
      // Nothing was kept then either.
    }
  },
};
