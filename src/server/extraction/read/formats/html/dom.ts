// Small DOM helpers. linkedom's selector matching is slow on large pages and its
// getElementsByTagName('*') finds nothing, so these walk the tree themselves.

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;

export function isElement(node: Node): node is Element {
  return node.nodeType === ELEMENT_NODE;
}

export function tagOf(element: Element): string {
  return element.tagName.toLowerCase();
}

/** Every element below `root`, in document order. */
export function elementsBelow(root: Element): Element[] {
  const found: Element[] = [];
  const stack = Array.from(root.children).reverse();
  for (let element = stack.pop(); element; element = stack.pop()) {
    found.push(element);
    const children = element.children;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Element);
  }
  return found;
}

/** Whether an element below `root` has one of the tags. */
export function hasDescendantTag(root: Element, tags: Set<string>): boolean {
  const stack = Array.from(root.children);
  for (let element = stack.pop(); element; element = stack.pop()) {
    if (tags.has(tagOf(element))) return true;
    for (const child of Array.from(element.children)) stack.push(child);
  }
  return false;
}
