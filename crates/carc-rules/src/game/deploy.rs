//! Deployment: where a figure of a turn or a setup goes ([`Game::deploy_figure`],
//! [`Game::setup_figure`]), what refuses it ([`Game::deploy_faults`]), the whole turn of the
//! base game ([`Game::play_turn`]) and taking a figure off the board.

use super::*;

impl Game {
    /// The union-find node and the place that a deployment of `figure` as `role` at optional
    /// `place` on the tile at `pos` designates. The abbot (The Abbot) goes on the tile's
    /// monastery or, on a tile without one, its garden (place: the centre; role: monk only, as
    /// the pig is a farmer only); every other figure on the segment of [`Game::resolve`]. Only
    /// the abbot reaches a garden.
    pub(crate) fn locate(
        &self,
        pos: Pos,
        figure: Figure,
        role: Role,
        place: Option<Place>,
    ) -> Result<(u32, Place), DeployError> {
        if figure == Figure::Pig && role != Role::Farmer {
            return Err(DeployError::NoSuchPlace);
        }
        // the abbot stands on a monastery or garden: as a monk only (a knight abbot would
        // stand on a monastery with a role of another kind of feature)
        if figure == Figure::Abbot && role != Role::Monk {
            return Err(DeployError::NoSuchPlace);
        }
        if figure != Figure::Abbot {
            let (idx, seg, place) = self.resolve(pos, role, place)?;
            return Ok((self.tile_base[idx] + u32::from(seg.index), place));
        }
        let idx = self.tile_index_at(pos).ok_or(DeployError::NoTile)?;
        let info = self.tiles[idx].tile.info();
        let at = if info.monastery != NO_SEG {
            info.monastery
        } else {
            info.garden
        };
        if at == NO_SEG || place.is_some_and(|p| p != Place::Centre) {
            return Err(DeployError::NoSuchPlace);
        }
        Ok((self.tile_base[idx] + u32::from(at), Place::Centre))
    }

    /// The segment of the tile at `pos` that `role` with optional `place` designates.
    pub(crate) fn resolve(
        &self,
        pos: Pos,
        role: Role,
        place: Option<Place>,
    ) -> Result<(usize, SegmentDef, Place), DeployError> {
        let idx = self.tile_index_at(pos).ok_or(DeployError::NoTile)?;
        let t = self.tiles[idx];
        let (seg, place) = resolve_on(t.tile, t.rot, role, place)?;
        Ok((idx, seg, place))
    }

    /// Deploy a meeple of `colour` in a turn: on the tile just placed (`pos`), on a feature whose
    /// whole connected feature holds no meeple, from a non-empty supply, farmers only when on.
    /// Checks in order: last tile, place, farmers, occupancy, supply.
    pub fn deploy(
        &mut self,
        colour: Color,
        pos: Pos,
        role: Role,
        place: Option<Place>,
    ) -> Result<MeepleId, DeployError> {
        self.deploy_figure(colour, Figure::Meeple, pos, role, place)
    }

    /// As [`Game::deploy`] for any figure: a special figure (one per player, e.g. the large
    /// meeple) instead of the supply needs to be off the board ([`DeployError::FigureInUse`]).
    /// A set in play may refuse any deployment of the turn ([`DeployError::Refused`], checked
    /// right after the last tile: [`crate::expansions::DeployHook`]).
    /// The builder follows its own rules ([`Game::deploy_builder`]; `role` is ignored). A
    /// figure that does not occupy ([`Figure::occupies`]: the pig) ignores the occupancy rule;
    /// the pig (role [`Role::Farmer`] only) needs a farmer of `colour` in its field
    /// ([`DeployError::PigWithoutFarmer`], checked after occupancy, before the supply).
    pub fn deploy_figure(
        &mut self,
        colour: Color,
        figure: Figure,
        pos: Pos,
        role: Role,
        place: Option<Place>,
    ) -> Result<MeepleId, DeployError> {
        if self.last != Some(pos) {
            return Err(DeployError::NotLastTile);
        }
        if let Some(refused) = crate::expansions::refusal(self, colour, pos, figure) {
            return Err(refused);
        }
        if figure == Figure::Builder {
            return self.deploy_builder(colour, pos, place);
        }
        let (node, place) = self.locate(pos, figure, role, place)?;
        if role == Role::Farmer && !self.config.farmers {
            return Err(DeployError::FarmersOff);
        }
        let root = self.find(node);
        if figure.occupies() && self.occupied(root) {
            return Err(DeployError::Occupied {
                meeples: self.occupants_of_root(root),
            });
        }
        if figure == Figure::Pig && !self.has_farmer(colour, root) {
            return Err(DeployError::PigWithoutFarmer);
        }
        self.figure_available(colour, figure)?;
        Ok(self.add_figure(colour, figure, role, pos, place, node))
    }

    /// Whether `colour` has `figure` to deploy: a meeple from a non-empty supply, a special
    /// figure when none of that kind of theirs stands on the board.
    pub fn figure_available(&self, colour: Color, figure: Figure) -> Result<(), DeployError> {
        if figure == Figure::Meeple {
            if self.supply[colour.index()] <= 0 {
                return Err(DeployError::EmptySupply);
            }
        } else if self
            .meeples
            .iter()
            .any(|s| s.meeple.colour == colour && s.meeple.figure == figure)
        {
            return Err(DeployError::FigureInUse(figure));
        }
        Ok(())
    }

    /// A setup meeple on any placed tile: no occupancy rule (an earlier merge may explain two
    /// meeples on one feature). Takes one from supply, which may go negative (the caller
    /// counts). The farmers rule still applies. Checks in order: tile, place, farmers.
    pub fn setup_meeple(
        &mut self,
        colour: Color,
        pos: Pos,
        role: Role,
        place: Option<Place>,
    ) -> Result<MeepleId, DeployError> {
        self.setup_figure(colour, Figure::Meeple, pos, role, place)
    }

    /// As [`Game::setup_meeple`] for any figure; a special figure of `colour` already on the
    /// board is [`DeployError::FigureInUse`] (one per player). A setup is a position, not a
    /// history: a figure's company may be written after it. A builder needs a road or city
    /// place (`role` is ignored); whether its owner's follower stands beside it is
    /// [`Game::builder_fault`]'s, once the whole setup is known. A pig's farmer is checked
    /// likewise, by [`Game::pigs_without_farmer`].
    pub fn setup_figure(
        &mut self,
        colour: Color,
        figure: Figure,
        pos: Pos,
        role: Role,
        place: Option<Place>,
    ) -> Result<MeepleId, DeployError> {
        if figure == Figure::Builder {
            return self.setup_builder(colour, pos, place);
        }
        let (node, place) = self.locate(pos, figure, role, place)?;
        if role == Role::Farmer && !self.config.farmers {
            return Err(DeployError::FarmersOff);
        }
        if figure != Figure::Meeple {
            self.figure_available(colour, figure)?;
        }
        Ok(self.add_figure(colour, figure, role, pos, place, node))
    }

    pub(crate) fn add_meeple(
        &mut self,
        colour: Color,
        role: Role,
        pos: Pos,
        place: Place,
        node: u32,
    ) -> MeepleId {
        self.add_figure(colour, Figure::Meeple, role, pos, place, node)
    }

    /// Stand a figure on segment node `node`; a meeple comes out of the supply.
    pub(crate) fn add_figure(
        &mut self,
        colour: Color,
        figure: Figure,
        role: Role,
        pos: Pos,
        place: Place,
        node: u32,
    ) -> MeepleId {
        let id = MeepleId(self.next_meeple);
        self.next_meeple = self.next_meeple.wrapping_add(1);
        let root = self.find(node);
        self.mcount[root as usize] += 1;
        if !figure.occupies() {
            self.passive += 1;
        }
        if figure == Figure::Meeple {
            let s = &mut self.supply[colour.index()];
            *s = s.saturating_sub(1);
        }
        self.meeples.push(MeepleSlot {
            meeple: Meeple {
                id,
                colour,
                figure,
                role,
                pos,
                place,
            },
            node,
        });
        id
    }

    /// The strict all-in-one turn for simulators and tests: the placement must be legal and the
    /// meeple (if any) deployable; otherwise nothing changes. Then scores what the tile
    /// completed, and the player takes the goods of the cities it completed
    /// ([`Game::take_goods`]).
    pub fn play_turn(
        &mut self,
        colour: Color,
        tile: TileType,
        pos: Pos,
        rot: Rotation,
        meeple: Option<(Role, Option<Place>)>,
    ) -> Result<TurnScore, TurnError> {
        self.check_placement(tile, pos, rot)
            .map_err(TurnError::Placement)?;
        if let Some((role, place)) = meeple {
            self.precheck_deploy(colour, tile, pos, rot, role, place)
                .map_err(TurnError::Deploy)?;
        }
        self.place_tile_unchecked(tile, pos, rot).map_err(|_| {
            TurnError::Placement(PlacementError {
                occupied: true,
                ..PlacementError::default()
            })
        })?;
        if let Some((role, place)) = meeple {
            self.deploy(colour, pos, role, place)
                .map_err(TurnError::Deploy)?;
        }
        Ok(self.finish_part(colour, pos).score)
    }

    /// Would deploying after placing `tile` at `pos` be legal? (Placement assumed legal.)
    fn precheck_deploy(
        &self,
        colour: Color,
        tile: TileType,
        pos: Pos,
        rot: Rotation,
        role: Role,
        place: Option<Place>,
    ) -> Result<(), DeployError> {
        let (seg, _) = resolve_on(tile, rot, role, place)?;
        if role == Role::Farmer && !self.config.farmers {
            return Err(DeployError::FarmersOff);
        }
        let mut roots: Vec<u32> = Vec::new();
        for side in Side::ALL {
            let Some(n) = pos.neighbour(side) else {
                continue;
            };
            let Some(j) = self.tile_index_at(n) else {
                continue;
            };
            let other = self.tiles[j];
            let o = side.opposite();
            if tile.edge(rot, side) != other.tile.edge(other.rot, o) {
                continue;
            }
            let oinfo = other.tile.info();
            let or = other.rot as usize;
            let obase = self.tile_base[j];
            match seg.kind {
                FeatureKind::Road | FeatureKind::City => {
                    if seg.places.contains(Place::Side(side)) {
                        let b = oinfo.side_seg[(o as usize + 4 - or) & 3];
                        if b != NO_SEG {
                            roots.push(self.find_ro(obase + b as u32));
                        }
                    }
                }
                FeatureKind::Field => {
                    if tile.edge(rot, side) == Edge::City {
                        continue;
                    }
                    let info = tile.info();
                    let r = rot as usize;
                    for (ha, hb) in SIDE_HALVES[side as usize]
                        .into_iter()
                        .zip(SIDE_HALVES[o as usize])
                    {
                        if info.half_seg[(ha + 8 - 2 * r) & 7] == seg.index {
                            let b = oinfo.half_seg[(hb + 8 - 2 * or) & 7];
                            if b != NO_SEG {
                                roots.push(self.find_ro(obase + b as u32));
                            }
                        }
                    }
                }
                FeatureKind::Monastery => {}
            }
        }
        roots.sort_unstable();
        roots.dedup();
        let mut meeples = Vec::new();
        for r in roots {
            if self.occupied(r) {
                meeples.extend(self.occupants_of_root(r));
            }
        }
        if !meeples.is_empty() {
            return Err(DeployError::Occupied { meeples });
        }
        if self.supply[colour.index()] <= 0 {
            return Err(DeployError::EmptySupply);
        }
        Ok(())
    }

    /// Every reason [`Game::deploy`] would refuse this deployment, in its order (last tile or
    /// place, farmers, occupancy, supply); empty when it is legal. `deploy` stops at the first
    /// fault; this lists them all, so that a deployment that is both onto an occupied feature
    /// and from an empty supply can be reported for both. The game is unchanged.
    pub fn deploy_faults(
        &mut self,
        colour: Color,
        pos: Pos,
        role: Role,
        place: Option<Place>,
    ) -> Vec<DeployError> {
        self.figure_deploy_faults(colour, Figure::Meeple, pos, role, place)
    }

    /// As [`Game::deploy_faults`] for any figure (the pig's farmer is checked after
    /// occupancy; the last check is [`Game::figure_available`]).
    pub fn figure_deploy_faults(
        &mut self,
        colour: Color,
        figure: Figure,
        pos: Pos,
        role: Role,
        place: Option<Place>,
    ) -> Vec<DeployError> {
        let refused = (self.last == Some(pos))
            .then(|| crate::expansions::refusal(self, colour, pos, figure))
            .flatten();
        let mut faults = Vec::new();
        faults.extend(refused);
        if figure == Figure::Builder {
            faults.extend(self.builder_deploy_faults(colour, pos, place));
            return faults;
        }
        let located = if self.last == Some(pos) {
            self.locate(pos, figure, role, place)
        } else {
            Err(DeployError::NotLastTile)
        };
        match located {
            Err(e) => faults.push(e),
            Ok((node, _)) => {
                if role == Role::Farmer && !self.config.farmers {
                    faults.push(DeployError::FarmersOff);
                }
                let root = self.find(node);
                if figure.occupies() && self.occupied(root) {
                    faults.push(DeployError::Occupied {
                        meeples: self.occupants_of_root(root),
                    });
                }
                if figure == Figure::Pig && !self.has_farmer(colour, root) {
                    faults.push(DeployError::PigWithoutFarmer);
                }
            }
        }
        if let Err(e) = self.figure_available(colour, figure) {
            faults.push(e);
        }
        faults
    }

    /// Takes meeple `id` off the board and back into its owner's supply (a setup meeple that
    /// could not stand where it was written). Returns it, or `None` when it is not on the board.
    pub fn remove_meeple(&mut self, id: MeepleId) -> Option<Meeple> {
        let k = self.meeples.iter().position(|s| s.meeple.id == id)?;
        let slot = self.meeples.remove(k);
        let root = self.find(slot.node);
        let count = &mut self.mcount[root as usize];
        *count = count.saturating_sub(1);
        if !slot.meeple.figure.occupies() {
            self.passive = self.passive.saturating_sub(1);
        }
        if slot.meeple.figure == Figure::Meeple {
            let supply = &mut self.supply[slot.meeple.colour.index()];
            *supply = supply.saturating_add(1);
        }
        Some(slot.meeple)
    }

    /// Whether the feature with root `root` holds a figure that occupies it
    /// ([`Figure::occupies`]): a pig or a builder alone does not.
    pub(crate) fn occupied(&self, root: u32) -> bool {
        self.mcount[root as usize] > 0
            && self
                .meeples
                .iter()
                .any(|s| s.meeple.figure.occupies() && self.find_ro(s.node) == root)
    }

    /// Ids of the figures that occupy the feature with root `root`, in deployment order.
    pub(crate) fn occupants_of_root(&self, root: u32) -> Vec<MeepleId> {
        self.meeples
            .iter()
            .filter(|s| s.meeple.figure.occupies() && self.find_ro(s.node) == root)
            .map(|s| s.meeple.id)
            .collect()
    }
}

/// Resolve a role and optional place on a tile type to one of its segments and the place to
/// record.
fn resolve_on(
    tile: TileType,
    rot: Rotation,
    role: Role,
    place: Option<Place>,
) -> Result<(SegmentDef, Place), DeployError> {
    let kind = role.kind();
    match place {
        Some(p) => match tile.segment_at(rot, p) {
            Some(seg) if seg.kind == kind => Ok((seg, p)),
            _ => Err(DeployError::NoSuchPlace),
        },
        None => {
            let mut found = None;
            for seg in tile.segments(rot) {
                if seg.kind == kind {
                    if found.is_some() {
                        return Err(DeployError::AmbiguousPlace);
                    }
                    found = Some(seg);
                }
            }
            let seg = found.ok_or(DeployError::NoSuchPlace)?;
            // the one field of a tile may touch no side (ic.H's `inner`): no corner names it
            let inner = || {
                tile.segment_at(rot, Place::Inner)
                    .is_some_and(|s| s.index == seg.index)
                    .then_some(Place::Inner)
            };
            let p = seg
                .places
                .first()
                .or_else(inner)
                .ok_or(DeployError::NoSuchPlace)?;
            Ok((seg, p))
        }
    }
}
