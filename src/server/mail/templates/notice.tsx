/**
 * The notice email (decision 042): a greeting, what happened, at most one action, and a boxed note.
 * Account links, password and membership notices and invitations are all this shape; each call site
 * fills in its words.
 */
import type { MailContext } from './context';
import { EmailLayout } from './layout';
import { ActionButton, Facts, NoticeBox, Paragraph, Title } from './parts';

export interface NoticeData {
  /** The first line a mail program shows after the subject; defaults to the first paragraph. */
  preview?: string;
  title?: string;
  /** "Hi Sam," */
  greeting?: string;
  paragraphs: string[];
  facts?: Array<[string, string]>;
  action?: { label: string; url: string };
  /** Smaller print after the action (a link's lifetime, "if this was not you"). */
  notes?: string[];
}

export function NoticeEmail(props: { data: NoticeData; context: MailContext }) {
  const { data, context } = props;
  return (
    <EmailLayout context={context} preview={data.preview ?? data.paragraphs[0] ?? data.title ?? ''}>
      {data.title ? <Title>{data.title}</Title> : null}
      {data.greeting ? <Paragraph>{data.greeting}</Paragraph> : null}
      {data.paragraphs.map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are fixed text in a fixed order.
        <Paragraph key={index}>{paragraph}</Paragraph>
      ))}
      {data.facts && data.facts.length > 0 ? <Facts rows={data.facts} /> : null}
      {data.action ? (
        <ActionButton context={context} href={data.action.url}>
          {data.action.label}
        </ActionButton>
      ) : null}
      {data.notes && data.notes.length > 0 ? (
        <NoticeBox>
          {data.notes.map((note, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: notes are fixed text in a fixed order.
            <Paragraph key={index} muted>
              {note}
            </Paragraph>
          ))}
        </NoticeBox>
      ) : null}
    </EmailLayout>
  );
}
