// The board's style sheet. Everything a page may want to change is a CSS custom property (--ab-*)
// on the board's root or the <ashtapada-board> element, or a part (::part(square), ::part(piece),
// ::part(controls), ::part(button), ::part(choices), ::part(message), ::part(board)).
export const CSS_TEXT: string = `
:host{display:block}
.ab{--_light:var(--ab-light,#f0dcb4);--_dark:var(--ab-dark,#c79b68);--_island-light:var(--ab-island-light,#f3e3a1);--_island-dark:var(--ab-island-dark,#dcc27a);--_zone-light:var(--ab-zone-light,#e9e4f2);--_zone-dark:var(--ab-zone-dark,#bfb3d6);--_coaster-light:var(--ab-coaster-light,#ece6d8);--_coaster-dark:var(--ab-coaster-dark,#cfc4aa);--_ocean:var(--ab-ocean,#6ea9d6);--_dot:var(--ab-dot,#1b1b1b);--_dot-ring:var(--ab-dot-ring,#fff);--_outline:var(--ab-outline,#333);--_coord:var(--ab-coord,#6b5b45);--_last:var(--ab-last,rgba(242,209,46,.5));--_selected:var(--ab-selected,rgba(63,143,240,.5));--_check:var(--ab-check,rgba(232,50,31,.6));--_hint:var(--ab-hint,rgba(29,107,44,.6));--_focus:var(--ab-focus,#0a58ca);--_bg:var(--ab-bg,transparent);--_fg:var(--ab-fg,#1c1c1c);--_button-bg:var(--ab-button-bg,#f4f1ea);--_button-fg:var(--ab-button-fg,#1c1c1c);--_button-border:var(--ab-button-border,#8a7a63);--_error:var(--ab-error,#b3261e);--_error-bg:var(--ab-error-bg,#fde7e4);--_duration:var(--ab-duration,180ms);
position:relative;min-width:280px;width:100%;box-sizing:border-box;color:var(--_fg);background:var(--_bg);font:14px/1.3 system-ui,sans-serif}
.ab[data-theme=dark]{--_light:var(--ab-light,#8d8577);--_dark:var(--ab-dark,#5e554a);--_island-light:var(--ab-island-light,#9a8f5a);--_island-dark:var(--ab-island-dark,#746a3c);--_zone-light:var(--ab-zone-light,#7c7591);--_zone-dark:var(--ab-zone-dark,#5a5370);--_coaster-light:var(--ab-coaster-light,#807a6c);--_coaster-dark:var(--ab-coaster-dark,#625b4d);--_ocean:var(--ab-ocean,#2f5e85);--_outline:var(--ab-outline,#d8d2c6);--_coord:var(--ab-coord,#c8bca8);--_fg:var(--ab-fg,#ece6dc);--_button-bg:var(--ab-button-bg,#2d2b28);--_button-fg:var(--ab-button-fg,#ece6dc);--_button-border:var(--ab-button-border,#8d8577);--_error:var(--ab-error,#ffb4aa);--_error-bg:var(--ab-error-bg,#4a1f1b);--_focus:var(--ab-focus,#8ab4f8)}
@media (prefers-color-scheme:dark){.ab[data-theme=auto]{--_light:var(--ab-light,#8d8577);--_dark:var(--ab-dark,#5e554a);--_island-light:var(--ab-island-light,#9a8f5a);--_island-dark:var(--ab-island-dark,#746a3c);--_zone-light:var(--ab-zone-light,#7c7591);--_zone-dark:var(--ab-zone-dark,#5a5370);--_coaster-light:var(--ab-coaster-light,#807a6c);--_coaster-dark:var(--ab-coaster-dark,#625b4d);--_ocean:var(--ab-ocean,#2f5e85);--_outline:var(--ab-outline,#d8d2c6);--_coord:var(--ab-coord,#c8bca8);--_fg:var(--ab-fg,#ece6dc);--_button-bg:var(--ab-button-bg,#2d2b28);--_button-fg:var(--ab-button-fg,#ece6dc);--_button-border:var(--ab-button-border,#8d8577);--_error:var(--ab-error,#ffb4aa);--_error-bg:var(--ab-error-bg,#4a1f1b);--_focus:var(--ab-focus,#8ab4f8)}}
.ab-svg{display:block;width:100%;height:auto;touch-action:manipulation;user-select:none;-webkit-user-select:none}
.ab-svg *{pointer-events:none}
.ab-svg .sq{pointer-events:auto;cursor:pointer;stroke:none}
.ab-svg[data-view-only] .sq{cursor:default}
.sq.light{fill:var(--_light)}.sq.dark{fill:var(--_dark)}
.sq.kind-island.light{fill:var(--_island-light)}.sq.kind-island.dark{fill:var(--_island-dark)}
.sq.kind-zone.light{fill:var(--_zone-light)}.sq.kind-zone.dark{fill:var(--_zone-dark)}
.sq.kind-coaster.light{fill:var(--_coaster-light)}.sq.kind-coaster.dark{fill:var(--_coaster-dark)}
.sq.movable{touch-action:none}
.sq:focus{outline:none}.sq:focus-visible{stroke:var(--_focus);stroke-width:8}
.tint-last{fill:var(--_last)}.tint-selected{fill:var(--_selected)}.tint-check{fill:var(--_check)}
.hint-move{fill:var(--_hint)}.hint-capture{fill:none;stroke:var(--_hint);stroke-width:8}
.ocean{fill:var(--_ocean)}
.region .outline{fill:none;stroke:var(--_outline);stroke-width:5;stroke-linecap:round}
.region.kind-zone .outline{stroke-width:3;stroke-dasharray:10 8}
.region.kind-coaster .outline{stroke-width:9}
.arrow{stroke:var(--_outline);stroke-width:4}.arrow.exit{stroke:#b3261e}.arrowhead{fill:context-stroke}
.mark{--mark:#5a2d82;fill:none;stroke:var(--mark)}.mark-0 circle{stroke-width:5}
.mark-1 path,.mark-2 path{fill:var(--mark);stroke:none}
.mark-alignment .dot{fill:var(--_dot);stroke:var(--_dot-ring);stroke-width:4}
.mark-edge .bank{stroke:#1f4e79;stroke-width:16;stroke-linecap:round}.mark-edge .water{stroke:#7cc0ee;stroke-width:9;stroke-linecap:round}
.piece:not(.glyph) circle{stroke:#222;stroke-width:4}.piece.light-fill:not(.glyph) circle:not(.promoted){stroke-width:7}.piece.light-fill:not(.glyph) circle.royal{stroke-width:10}.piece:not(.glyph) circle.royal{stroke-width:8}.piece:not(.glyph) circle.promoted{stroke-width:2}
.piece text{font-weight:700;font-family:system-ui,sans-serif}
.ab[data-animate] .pc{transition:transform var(--_duration) ease}
.pc.dragging{transition:none!important;filter:drop-shadow(0 6px 6px rgba(0,0,0,.35))}
.coords text{font:600 22px system-ui,sans-serif;fill:var(--_coord)}
.shape{stroke-width:14;stroke-linecap:round;fill:none;opacity:.75}
.ab-controls{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin-top:6px;min-height:0}
.ab-controls:empty{display:none}
.ab button{font:inherit;padding:4px 10px;border-radius:6px;border:1px solid var(--_button-border);background:var(--_button-bg);color:var(--_button-fg);cursor:pointer;display:inline-flex;align-items:center;gap:4px}
.ab button:focus-visible{outline:3px solid var(--_focus);outline-offset:1px}
.ab-die{display:inline-block;min-width:1.6em;padding:2px 6px;border:1px solid var(--_button-border);border-radius:5px;text-align:center;font-weight:600}
.ab-die[data-used=true]{opacity:.5}
.ab-choices{position:absolute;left:50%;top:50%;transform:translate(-50%,-50%);display:flex;flex-wrap:wrap;gap:6px;justify-content:center;max-width:90%;padding:10px;border-radius:8px;background:var(--_button-bg);box-shadow:0 4px 18px rgba(0,0,0,.35)}
.ab-choices.ab-outside{position:static;transform:none;max-width:none;width:auto;min-width:0;padding:0;background:none;box-shadow:none;justify-content:flex-start}
.ab-choices[hidden],.ab-message[hidden]{display:none}
.ab-message{margin-top:6px;padding:6px 8px;border-radius:6px;color:var(--_error);background:var(--_error-bg)}
.ab-live{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (prefers-reduced-motion:reduce){.ab .pc{transition:none!important}}
`;
