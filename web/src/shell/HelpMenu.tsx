import { Button, Menu, MenuItemLink, MenuList, MenuPopover, MenuTrigger, Tooltip } from '@fluentui/react-components';
import { BookOpen20Regular, Code20Regular, QuestionCircle24Regular } from '@fluentui/react-icons';
import { API_DOCS_URL, DOCS_URL } from '@web/core/links';

/** The docs help menu of the header. */
export function HelpMenu() {
  return (
    <Menu>
      <Tooltip content="Help" relationship="label">
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="subtle" icon={<QuestionCircle24Regular />} />
        </MenuTrigger>
      </Tooltip>
      <MenuPopover>
        <MenuList>
          <MenuItemLink href={DOCS_URL} target="_blank" rel="noreferrer" icon={<BookOpen20Regular />}>
            Documentation
          </MenuItemLink>
          <MenuItemLink href={API_DOCS_URL} target="_blank" rel="noreferrer" icon={<Code20Regular />}>
            API reference
          </MenuItemLink>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
