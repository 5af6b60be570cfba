const adminChatPrefix = 'admin-';

/**
 * Who a moderator is in chat: what its messages carry, and what presence counts its sockets by,
 * where a visitor's public session id stands.
 */
export const adminChatId = (adminId: string) => `${adminChatPrefix}${adminId}`;

/** A chat id that names a moderator, not a visitor: it is no session id and needs no pseudonym. */
export const isAdminChatId = (chatId: string) => chatId.startsWith(adminChatPrefix);
