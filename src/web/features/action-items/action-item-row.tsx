import { memo } from 'react';
import { completedText, type UiStatus } from '../../../core/action-items.ts';
import type { TActionItem, TAssignableUser } from '../../../core/api/action-items.ts';
import { RowIcon } from '../../ui/row-icon.tsx';
import { AssigneeCell, GcalCell, StatusCell } from './row-cells.tsx';

/** What a row can ask of the table; one stable object, so a row renders again only when its item does. */
export interface RowHandlers {
  onStatus(item: TActionItem, status: UiStatus): void;
  onArchive(item: TActionItem): void;
  onAssign(item: TActionItem, userId: string): void;
  onEdit(item: TActionItem): void;
}

interface Props {
  item: TActionItem;
  users: readonly TAssignableUser[];
  /** Show the archived icon (only where archived and live items can appear together or alone). */
  markArchived: boolean;
  showProject: boolean;
  handlers: RowHandlers;
}

/**
 * One row of the action items table, of plain elements. Memoised: a row renders again only when
 * it is given another item (the table's rows are places) or its item changes. The cells that
 * hold state (an open menu, an assignee being picked) keep it for their item, not for the place.
 */
export const ActionItemRow = memo(function ActionItemRow({ item, users, markArchived, showProject, handlers }: Props) {
  return (
    <div role="row" className="ai-row" data-item-id={item.id}>
      <div role="cell"><AssigneeCell item={item} users={users} onAssign={(id) => handlers.onAssign(item, id)} /></div>
      <div role="cell">
        <div className="ai-title">
          {markArchived && (
            <span role="img" aria-label="Archived" title="Archived" style={{ display: 'inline-flex' }}><RowIcon name="archive" /></span>
          )}
          {item.shortDescription}
        </div>
        {showProject && <div className="ai-sub">{item.projectLabel} · {item.clientName}</div>}
      </div>
      <div role="cell"><div className="ai-clamp" title={item.longDescription}>{item.longDescription}</div></div>
      <div role="cell" className="ai-nowrap">{item.dueDate}</div>
      <div role="cell">{item.time}</div>
      <div role="cell">
        <StatusCell item={item} onStatus={(s) => handlers.onStatus(item, s)} onArchive={() => handlers.onArchive(item)} />
      </div>
      <div role="cell"><GcalCell item={item} /></div>
      <div role="cell" className="ai-nowrap">{completedText(item)}</div>
      <div role="cell">
        <button type="button" className="ai-edit" onClick={() => handlers.onEdit(item)} aria-label={`Edit ${item.shortDescription}`}>Edit</button>
      </div>
    </div>
  );
});
