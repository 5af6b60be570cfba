import EmojiPicker, { EmojiStyle, Theme } from 'emoji-picker-react';

/** The picker is 300 px high on small screens (docs/product.md, Screens). */
export const mobilePickerHeight = 300;

type EmojiPanelProps = { onPick: (emoji: string) => void; compact: boolean };

/**
 * The picker itself, loaded only when first opened. Native emoji: the picker would otherwise load
 * images from a CDN, telling a third party who is typing.
 */
export default function EmojiPanel({ onPick, compact }: EmojiPanelProps) {
  const dark = document.documentElement.classList.contains('dark');
  return (
    <EmojiPicker
      onEmojiClick={(data) => onPick(data.emoji)}
      emojiStyle={EmojiStyle.NATIVE}
      theme={dark ? Theme.DARK : Theme.LIGHT}
      height={compact ? mobilePickerHeight : 400}
      width="100%"
      lazyLoadEmojis
      autoFocusSearch={!compact}
      previewConfig={{ showPreview: false }}
    />
  );
}
