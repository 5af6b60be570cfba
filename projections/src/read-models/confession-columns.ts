/** A confession as the public sees it, named as the API names its fields. */
export const publicConfessionColumns = `c.id::text, c.content, c.category, c.nickname, c.college_code AS "collegeCode",
  c.likes, c.comment_count AS "commentCount",
  to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "createdAt"`;
