import { anonymousName } from '@secretchatbox/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { buttonStyles, inputStyles } from '../../../components/ui/styles';
import type { ApiError } from '../../../lib/api';
import { relativeTime } from '../../../lib/relative-time';
import { useNotify } from '../../../components/notifications/use-notify';
import { useGetCommentsQuery, useSubmitCommentMutation } from '../api/comments';
import { toasts } from './toasts';

/** Mounted only while open, so the comments are fetched only then (docs/product.md, Screens). */
export function CommentsSection({ confessionId }: { confessionId: string }) {
  const { data: comments, isLoading, isError } = useGetCommentsQuery(confessionId);
  return (
    <div className="mt-4 space-y-4 border-t border-gray-200 pt-4 dark:border-gray-700">
      {isLoading && <Spinner label="Loading comments" />}
      {isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Failed to fetch comments
        </p>
      )}
      {comments?.length === 0 && (
        <p className="text-sm text-gray-600 dark:text-gray-400">No comments yet. Be the first to comment!</p>
      )}
      {comments && comments.length > 0 && (
        <ul className="space-y-3" aria-label="Comments">
          {comments.map((comment) => (
            <li key={comment.id} className="rounded-2xl bg-gray-50 px-4 py-3 dark:bg-gray-900/50">
              <p className="text-sm">
                <span className="font-semibold text-purple-700 dark:text-purple-300">
                  {comment.nickname ?? anonymousName}
                </span>{' '}
                <span className="text-gray-600 dark:text-gray-400">· {relativeTime(comment.createdAt)}</span>
              </p>
              <p className="mt-1 break-words whitespace-pre-wrap text-gray-800 dark:text-gray-100">{comment.content}</p>
            </li>
          ))}
        </ul>
      )}
      <CommentForm confessionId={confessionId} />
    </div>
  );
}

function CommentForm({ confessionId }: { confessionId: string }) {
  const [nickname, setNickname] = useState('');
  const [content, setContent] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [submit, { isLoading }] = useSubmitCommentMutation();
  const notify = useNotify();
  const id = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await submit({ confessionId, content, nickname: nickname.trim() || undefined });
    const error = result.error as ApiError | undefined;
    setFieldErrors(error?.status === 400 && error.fields ? error.fields : {});
    if (!error) {
      notify(toasts.commentSubmitted);
      setNickname('');
      setContent('');
    } else if (!(error.status === 400 && error.fields)) notify(toasts.commentFailed);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2">
      <label htmlFor={`${id}-nickname`} className="sr-only">
        Nickname (optional)
      </label>
      <input
        id={`${id}-nickname`}
        value={nickname}
        onChange={(event) => setNickname(event.target.value)}
        placeholder="Nickname (optional)"
        autoComplete="off"
        className={`${inputStyles} py-2 text-sm`}
      />
      <label htmlFor={`${id}-content`} className="sr-only">
        Your comment
      </label>
      <textarea
        id={`${id}-content`}
        rows={2}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        placeholder="Write a comment..."
        className={`${inputStyles} py-2 text-sm`}
      />
      {Object.values(fieldErrors).map((message) => (
        <p key={message} className="text-sm text-red-700 dark:text-red-300">
          {message}
        </p>
      ))}
      <div className="flex justify-end">
        <button
          type="submit"
          disabled={!content.trim() || isLoading}
          className={`${buttonStyles.base} bg-brand px-5 py-2 text-sm text-white`}
        >
          {isLoading ? 'Posting...' : 'Post Comment'}
        </button>
      </div>
    </form>
  );
}
