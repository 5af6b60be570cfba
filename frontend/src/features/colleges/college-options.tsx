import type { College } from '@secretchatbox/contracts';

/** The colleges as options of a select, shown as "name (code)" (docs/product.md, Screens). */
export function CollegeOptions({ colleges }: { colleges: readonly College[] }) {
  return colleges.map((college) => (
    <option key={college.id} value={college.code}>
      {college.name} ({college.code})
    </option>
  ));
}
