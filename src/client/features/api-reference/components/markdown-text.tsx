import { Fragment, type ComponentProps } from 'react';
import { cn } from '../../../lib/utils';
import { parseInline, parseMarkdown, type InlineNode } from '../markdown';

const CODE = 'rounded bg-muted px-1 py-0.5 font-mono text-[0.85em] break-words';

function Inline({ nodes }: { nodes: InlineNode[] }) {
  return nodes.map((node, index) => {
    switch (node.kind) {
      case 'text':
        return <Fragment key={index}>{node.text}</Fragment>;
      case 'code':
        return (
          <code key={index} className={CODE}>
            {node.text}
          </code>
        );
      case 'strong':
        return (
          <strong key={index} className="font-semibold">
            <Inline nodes={node.children} />
          </strong>
        );
      case 'em':
        return (
          <em key={index}>
            <Inline nodes={node.children} />
          </em>
        );
      case 'link':
        return (
          <a key={index} href={node.href} className="underline underline-offset-4">
            <Inline nodes={node.children} />
          </a>
        );
    }
  });
}

/** A one-line description (a summary, a field's note) with its Markdown, inside other text. */
export function InlineMarkdown({ text }: { text: string }) {
  return <Inline nodes={parseInline(text)} />;
}

/** A description's paragraphs and lists, with their Markdown rendered as elements, never HTML. */
export function Markdown({
  text,
  className,
  ...rest
}: { text: string } & Omit<ComponentProps<'div'>, 'children'>) {
  return (
    <div className={cn('space-y-2', className)} {...rest}>
      {parseMarkdown(text).map((block, index) =>
        block.kind === 'paragraph' ? (
          <p key={index}>
            <Inline nodes={block.children} />
          </p>
        ) : (
          <ul key={index} className="list-disc space-y-1 pl-5">
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>
                <Inline nodes={item} />
              </li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
