import { type AuthUser, defaultCollegeCode } from '@secretchatbox/contracts';
import { useState } from 'react';
import { CollegePicker } from '../../features/colleges/college-picker';

/**
 * The college a dashboard shows: the admin's own, or for a chief or auditor (who have none) the
 * one they pick, C001 at first (docs/product.md, Screens).
 */
export function useCollegeScope(user: AuthUser) {
  const [picked, setPicked] = useState<string>(defaultCollegeCode);
  return {
    collegeCode: user.collegeCode ?? picked,
    picker: user.collegeCode ? null : <CollegePicker value={picked} onChange={setPicked} />,
  };
}
