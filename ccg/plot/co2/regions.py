"""The six regions: each a box in its controller's colour with its name, agenda, CEP pile and resources; its
demand spaces (power plants and their owners), its three project spaces (proposed or installed projects) and
the scientists on them.

Points carry the region id (demand spaces) or ``<region>.<grant>`` (project spaces, scientists) in
``customdata``."""
from __future__ import annotations

from typing import Any

from ccg.core.glossary import term
from ccg.games.co2.data import FOSSILS, GRANTS
from ccg.games.co2.economy import GREEN0
from ccg.i18n import pgettext

from .frame import Places
from .marks import Canvas, Points, disc, rgba, scatter
from .names import seat_colour, source
from .style import FOSSIL_COLOURS, FOSSIL_TEXT, MIN_TEXT, SEAT_COLOURS, SOURCE_ABBR, SOURCE_COLOURS, SOURCE_TEXT, H, W


def regions(s: Any, pl: Places, canvas: Canvas) -> None:
    """Every region: its box, discs and labels, and three traces: demand spaces, project spaces, scientists."""
    demand, projects, scientists = Points(), Points(), Points()
    for r in range(6):
        x0, y0 = pl.box[r]
        region_box(s, r, x0, y0, canvas)
        demand_spaces(s, r, x0, y0, demand, canvas)
        project_spaces(s, r, x0, y0, projects, scientists, canvas)
    add = canvas.fig.add_trace
    add(scatter("co2-demand", demand.x, demand.y, demand.text, demand.colour, size=24, hover=demand.hover,
                textcolor=demand.textcolour, custom=demand.where))
    add(scatter("co2-projects", projects.x, projects.y, projects.text, projects.colour, symbol="diamond", size=32,
                hover=projects.hover, textcolor=projects.textcolour, custom=projects.where, line_colours=projects.line,
                line_width=2))
    add(scatter("co2-scientists", scientists.x, scientists.y, scientists.text, scientists.colour, symbol="circle",
                size=14, hover=scientists.hover, custom=scientists.where, line_colours="#111", line_width=1.5))


def region_box(s: Any, r: int, x0: float, y0: float, canvas: Canvas) -> None:
    """The box in its controller's colour; the region's name and controller, agenda, CEP pile and resources."""
    components = s.components
    ctrl = s.controller[r]
    region = components.regions[r]
    canvas.shapes.append(dict(type="rect", x0=x0, y0=y0, x1=x0 + W, y1=y0 + H, line=dict(
        color=SEAT_COLOURS[ctrl] if ctrl >= 0 else "#aaa", width=4 if ctrl >= 0 else 1),
        fillcolor=rgba(SEAT_COLOURS[ctrl], 0.08) if ctrl >= 0 else "#f7f7f2", layer="below"))
    sources = components.agendas[s.agenda[r]]
    region_name = term("co2", "region", region)
    owner = (f" · <span style='color:{SEAT_COLOURS[ctrl]}'>"
             + pgettext("co2", "controlled by {seat}").format(seat=seat_colour(ctrl)) + "</span>" if ctrl >= 0 else "")
    canvas.notes.append(dict(x=x0 + 0.12, y=y0 + H - 0.32, xanchor="left", showarrow=False, font=dict(size=13),
                             text=f"<b>{region_name}</b>{owner}"))
    canvas.notes.append(dict(x=x0 + 0.12, y=y0 + H - 0.85, xanchor="left", showarrow=False, font=dict(size=MIN_TEXT,
                             color="#444"), text=pgettext("co2", "agenda: {agenda}").format(
                                 agenda=" › ".join(SOURCE_ABBR[x] for x in sources)),
                             hovertext=f"{region_name}: " + pgettext("co2", "agenda: {agenda}").format(
                                 agenda=" › ".join(source(x) for x in sources))))
    canvas.notes.append(dict(x=x0 + 0.12, y=y0 + 0.16, xanchor="left", showarrow=False, font=dict(size=MIN_TEXT),
                             text=pgettext("co2", "CEP {cep}/{spaces} · resources {resources}").format(
                                 cep=s.region_cep[r], spaces=components.spaces[r], resources=s.region_resources[r]),
                             hovertext=pgettext(
                                 "co2", "{region}: {cep} CEP (permits) in the region's pile, at most {spaces} — one per "
                                 "demand space (CO2-6.3.7); its controller may pay from it (CO2-11.5.1)<br>{resources} "
                                 "technology resources in the region's pile (given up in catastrophes, CO2-4.4.2)").format(
                                     region=region_name, cep=s.region_cep[r], spaces=components.spaces[r],
                                     resources=s.region_resources[r])))


def demand_spaces(s: Any, r: int, x0: float, y0: float, demand: Points, canvas: Canvas) -> None:
    """The region's demand spaces: empty, a fossil plant, or a green plant with its owner's disc."""
    components = s.components
    region = components.regions[r]
    region_name = term("co2", "region", region)
    o = s.first_space[r]
    for j in range(components.spaces[r]):
        k = s.space_kind[o + j]
        x, y = x0 + 0.55 + j * 0.85, y0 + 3.55
        name = pgettext("co2", "{region} demand space {number}").format(region=region_name, number=j + 1)
        if k < 0:
            demand.add(x, y, region, pgettext("co2", "{space}: empty").format(space=name), "white", "", "#999")
        elif k < GREEN0:
            demand.add(x, y, region, pgettext("co2", "{space}: {fossil} power plant (fossil)").format(
                space=name, fossil=term("co2", "fossil", FOSSILS[k])), FOSSIL_COLOURS[k], FOSSILS[k][0].upper(),
                FOSSIL_TEXT[k])
        else:
            p = s.space_owner[o + j]
            g = k - GREEN0
            demand.add(x, y, region, pgettext("co2", "{space}: {source} power plant of {seat}").format(
                space=name, source=source(g), seat=seat_colour(p)), SOURCE_COLOURS[g], SOURCE_ABBR[g], SOURCE_TEXT[g])
            canvas.shapes.append(disc(x + 0.3, y + 0.32, SEAT_COLOURS[p], 0.16))


def project_spaces(s: Any, r: int, x0: float, y0: float, projects: Points, scientists: Points, canvas: Canvas) -> None:
    """The region's three project spaces (one per grant): empty, a proposed project (pale) or an installed one
    (solid), the grant's name under each, a scientist on it in its seat's colour."""
    region = s.components.regions[r]
    region_name = term("co2", "region", region)
    for g in range(3):
        ps = r * 3 + g
        src = s.projects[ps]
        x, y = x0 + 0.9 + g * 1.85, y0 + 1.75
        where = f"{region}.{GRANTS[g]}"
        grant = term("co2", "grant", GRANTS[g])
        if src < 0:
            projects.add(x, y, where, pgettext("co2", "{region} {grant} project space: empty").format(
                region=region_name, grant=grant), "white", "", "#999", "#999")
        else:
            installed = bool(s.installed[ps])
            state_ = pgettext("co2", "installed") if installed else pgettext("co2", "proposed")
            projects.add(x, y, where, pgettext("co2", "{region} {grant} grant: {source} project, {state}").format(
                region=region_name, grant=grant, source=source(src), state=state_),
                SOURCE_COLOURS[src] if installed else rgba(SOURCE_COLOURS[src], 0.3), SOURCE_ABBR[src],
                SOURCE_TEXT[src] if installed else "#222", "#222" if installed else SOURCE_COLOURS[src])
        # proposed (pale) or installed (solid): the key says, the hover tells. A grant name of several words on
        # lines of its own: "Research cooperation" at MIN_TEXT is wider than the gap between two project spaces
        canvas.notes.append(dict(x=x, y=y - 0.5, yanchor="top", showarrow=False, font=dict(size=MIN_TEXT, color="#444"),
                                 text=grant.replace(" ", "<br>")))
        if s.occupant[ps] >= 0:
            scientists.add(x + 0.5, y + 0.35, where, pgettext("co2", "scientist of {seat} on {region} {grant}").format(
                seat=seat_colour(s.occupant[ps]), region=region_name, grant=term("co2", "grant", GRANTS[g])),
                SEAT_COLOURS[s.occupant[ps]])
