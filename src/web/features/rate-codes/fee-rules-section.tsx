import type { TPricedRateCode } from '../../../core/api/rate-codes.ts';
import { FeeRulesEditor } from '../../shared/fee-rules-editor.tsx';
import { useSaveFeeRules } from './api.ts';

/** A rate code's fee rules (issue 40, docs/decisions/138). Money: only a super admin's card shows this section. */
export function FeeRulesSection({ code }: { code: TPricedRateCode }) {
  const save = useSaveFeeRules();
  return (
    <FeeRulesEditor
      label={`Fee rules of ${code.code}`} title="Fee rules" empty="No fee rules: every hour bills at its rate."
      rules={code.feeRules} pending={save.isPending} error={save.error?.message ?? null}
      onSave={(rules, done) => save.mutate({ id: code.id, body: { rules, version: code.version } }, { onSuccess: done })}
    />
  );
}
