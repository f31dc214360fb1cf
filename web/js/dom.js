// Tiny element builders, so that modules build the page from data without innerHTML
// (nothing from a position or a server answer is ever parsed as markup).
const SVG_NS = 'http://www.w3.org/2000/svg';

function fill(node, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'text') node.textContent = v;
    else if (k === 'class') node.setAttribute('class', v);
    else if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of [].concat(children || [])) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

// h('button', {class: 'x', onclick: f}, ['text'])
export function h(tag, attrs, children) {
  return fill(document.createElement(tag), attrs, children);
}

// s('rect', {x: 0, y: 0}) for SVG.
export function s(tag, attrs, children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

export const $ = (id) => document.getElementById(id);
