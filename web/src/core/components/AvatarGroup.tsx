import { AvatarGroupItem, AvatarGroupPopover, AvatarGroup as FluentAvatarGroup, partitionAvatarGroupItems } from '@fluentui/react-components';

export const AVATAR_GROUP_MAX = 5;

export interface AvatarGroupPerson {
  id: string;
  name: string;
  avatar?: string | null;
}

/** At most five avatars inline (spec 01 §9); the rest in an overflow popover. */
export function AvatarGroup({ people, max = AVATAR_GROUP_MAX, size = 24 }: { people: readonly AvatarGroupPerson[]; max?: number; size?: 24 | 32 }) {
  const { inlineItems, overflowItems } = partitionAvatarGroupItems({ items: people, maxInlineItems: max });
  return (
    <FluentAvatarGroup layout="stack" size={size} data-testid="avatar-group">
      {inlineItems.map((person) => (
        <AvatarGroupItem key={person.id} name={person.name} image={person.avatar ? { src: person.avatar } : undefined} />
      ))}
      {overflowItems && (
        <AvatarGroupPopover>
          {overflowItems.map((person) => (
            <AvatarGroupItem key={person.id} name={person.name} image={person.avatar ? { src: person.avatar } : undefined} />
          ))}
        </AvatarGroupPopover>
      )}
    </FluentAvatarGroup>
  );
}
