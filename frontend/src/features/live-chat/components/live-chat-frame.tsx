import { anonymousChatNickname, defaultRoomName, messages } from '@secretchatbox/contracts';
import { useState } from 'react';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { type ApiError, serverMessage } from '../../../lib/api';
import { storage } from '../../../lib/storage';
import { useNotify } from '../../../components/notifications/use-notify';
import {
  newTempId,
  useGetChatIdentityQuery,
  useGetChatRoomsQuery,
  usePostChatMessageMutation,
  useRoomLiveQuery,
} from '../api';
import { typingLine } from '../chat-text';
import type { ChatEntry } from '../history-cache';
import { toasts } from '../toasts';
import { ChatHeader } from './chat-header';
import { Composer } from './composer';
import { type ChatMode, ChatModeBar } from './chat-mode-bar';
import { ContactAdminDialog } from './contact-admin-dialog';
import { DirectMessageDialog, type Recipient } from './direct-message-dialog';
import { MessagesPanel } from './messages-panel';
import { RandomChat } from './random-chat';
import { useDirectMessages } from '../use-direct-messages';
import { MessageList } from './message-list';
import { NicknameDialog } from './nickname-dialog';
import { RoomDrawer, RoomList } from './room-list';

type Props = {
  collegeCode: string;
  remaining: number;
  /** Whether the tab shows: a hidden tab keeps its drafts but leaves its room. */
  active?: boolean;
};

/** The nickname stored for chat, and whether the visitor has chosen yet (docs/product.md, Screens). */
function useChatNickname() {
  const [stored, setStored] = useState(() => storage.get('chatNickname'));
  const choose = (nickname: string | null) => {
    const chosen = nickname ?? anonymousChatNickname;
    storage.set('chatNickname', chosen);
    setStored(chosen);
  };
  const nickname = stored && stored !== anonymousChatNickname ? stored : null;
  return { chosen: stored !== null, nickname, choose };
}

/** The Live Chat tab (docs/product.md, Screens): rooms, the room's messages, who is online and typing, the composer. */
export function LiveChatFrame({ collegeCode, remaining, active = true }: Props) {
  const rooms = useGetChatRoomsQuery(collegeCode);
  const identity = useGetChatIdentityQuery();
  const [chosenRoom, setChosenRoom] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'rooms' | 'nickname' | 'contact' | 'messages' | null>(null);
  const [recipient, setRecipient] = useState<Recipient | null>(null);
  const [mode, setMode] = useState<ChatMode>('rooms');
  const directMessages = useDirectMessages(identity.data?.sessionId);
  const nickname = useChatNickname();
  const [post, { isLoading: sending }] = usePostChatMessageMutation();
  const notify = useNotify();
  const list = rooms.data ?? [];
  const selected =
    list.find((room) => room.id === chosenRoom) ?? list.find((room) => room.name === defaultRoomName) ?? list[0];
  // Off the rooms (in a random chat, or on another tab), the socket leaves the room: the student
  // is not online in it.
  const inRoom = active && mode === 'rooms';
  const live = useRoomLiveQuery(selected?.id ?? '', { skip: !selected || !identity.data || !inRoom });

  if (rooms.isLoading) return <Spinner label="Loading chat rooms" />;
  if (rooms.isError || !rooms.data) {
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-800 dark:bg-red-950/50 dark:text-red-200">
        Failed to fetch chat rooms
      </p>
    );
  }

  const send = async (content: string, tempId = newTempId()) => {
    if (!selected) return void notify(toasts.noRoom);
    const result = await post({ roomId: selected.id, content, nickname: nickname.nickname, tempId });
    if (!result.error) return;
    const error = result.error as ApiError;
    if (error.code === 'daily_limit_reached') notify(toasts.dailyLimitReached);
    else if (error.code === 'rate_limited') notify(toasts.tooFast(serverMessage(error)));
    else notify(toasts.sendFailed);
  };
  const retry = (message: ChatEntry) => void send(message.content, message.id);
  const writeTo = (to: Recipient) => {
    setDialog(null);
    setRecipient(to);
  };
  const roomProps = {
    rooms: list,
    selectedId: selected?.id,
    onSelect: (roomId: string) => setChosenRoom(roomId),
  };

  return (
    <div className="space-y-4">
      <ChatModeBar
        mode={mode}
        onMode={setMode}
        unreadMessages={directMessages.unread}
        onOpenMessages={() => {
          directMessages.markSeen();
          setDialog('messages');
        }}
      />
      {mode === 'random' ? (
        identity.data && (
          <RandomChat
            collegeCode={collegeCode}
            ownSessionId={identity.data.sessionId}
            nickname={nickname.nickname}
            remaining={remaining}
            onMessagePartner={writeTo}
          />
        )
      ) : (
        <div className="grid gap-4 md:grid-cols-[15rem_minmax(0,1fr)]">
          <Card className="hidden self-start p-3 md:block">
            <h2 className="px-3 py-2 text-sm font-semibold text-gray-700 dark:text-gray-300">Rooms</h2>
            <RoomList {...roomProps} />
          </Card>
          <RoomDrawer
            {...roomProps}
            open={dialog === 'rooms'}
            onOpenChange={(open) => setDialog(open ? 'rooms' : null)}
          />
          <Card className="flex h-[70vh] min-h-[28rem] flex-col overflow-hidden">
            <ChatHeader
              roomName={selected?.name ?? 'No rooms yet'}
              online={live.data?.online ?? 0}
              remaining={remaining}
              nickname={nickname.nickname}
              onOpenRooms={() => setDialog('rooms')}
              onContactAdmin={() => setDialog('contact')}
              onChangeNickname={() => setDialog('nickname')}
            />
            {selected ? (
              <MessageList
                roomId={selected.id}
                ownSessionId={identity.data?.sessionId}
                onRetry={retry}
                onMessageAuthor={({ sessionId, nickname: author }) => writeTo({ sessionId, nickname: author })}
              />
            ) : (
              <p className="grid flex-1 place-items-center p-6 text-gray-700 dark:text-gray-300">
                {messages.noRoomSelected}
              </p>
            )}
            <p
              aria-live="polite"
              className="h-5 px-6 text-xs text-gray-600 italic dark:text-gray-400"
              data-testid="typing-line"
            >
              {typingLine(live.data?.typists ?? [])}
            </p>
            {selected && (
              <Composer
                roomId={selected.id}
                nickname={nickname.nickname}
                remaining={remaining}
                sending={sending}
                onSend={send}
                onLimitReached={() => notify(toasts.dailyLimitReached)}
              />
            )}
          </Card>
        </div>
      )}
      <NicknameDialog
        key={String(dialog === 'nickname' || !nickname.chosen)}
        open={dialog === 'nickname' || !nickname.chosen}
        current={nickname.nickname}
        onChoose={(chosen) => {
          nickname.choose(chosen);
          notify(chosen ? toasts.nicknameSet(chosen) : toasts.anonymousSet);
          setDialog(null);
        }}
        onClose={() => {
          if (!nickname.chosen) nickname.choose(null);
          setDialog(null);
        }}
      />
      <ContactAdminDialog open={dialog === 'contact'} onClose={() => setDialog(null)} />
      <MessagesPanel
        open={dialog === 'messages'}
        onOpenChange={(open) => setDialog(open ? 'messages' : null)}
        ownSessionId={identity.data?.sessionId}
        messages={directMessages.messages}
        failed={directMessages.failed}
        onReply={writeTo}
      />
      <DirectMessageDialog recipient={recipient} onClose={() => setRecipient(null)} />
    </div>
  );
}
