import Testing
import LayoutCore
import NodeKit
import LayoutTestSupport
import NodeTestSupport

private typealias Row = ListModel.Row

private func ids(_ controller: DataController) -> [[String]] {
    controller.sections.map { $0.map { $0.node?.id.rawValue ?? "?" } }
}

private func loaded(_ sections: [[Row]], parallelism: Int = 2) -> (ListModel, DataController) {
    let model = ListModel(sections: sections)
    let controller = DataController(dataSource: model, context: .scale2, parallelism: parallelism)
    controller.reloadData()
    return (model, controller)
}

@Suite struct DataControllerTests {
    @Test func reloadAllocatesAndMeasuresEveryCellAtTheTableWidth() {
        let (_, controller) = loaded([[Row("a", 50), Row("b", 80.3)], [Row("c", 10)]])
        #expect(ids(controller) == [["a", "b"], ["c"]])
        let table = SizeRange(min: Size(375, 0), max: Size(375, .greatestFiniteMagnitude))
        #expect(controller.sections.joined().allSatisfy { $0.constrainedSize == table })
        #expect(controller.sections.joined().map(\.size) == [Size(375, 50), Size(375, 80.5), Size(375, 10)])
        #expect(controller.sections.joined().allSatisfy { $0.node?.isRangeManaged == true })
    }

    @Test func tableRowConstraintIgnoresDelegateWidthsAndPlainCellsMeasureToZeroHeight() {
        let range = CellConstraint.tableRow(width: 320, delegateRange: SizeRange(min: Size(10, 20), max: Size(30, 40)))
        #expect(range == SizeRange(min: Size(320, 20), max: Size(320, 40)))
        let plain = DisplayNode(id: "plain")
        #expect(plain.layoutThatFits(CellConstraint.tableRow(width: 320), context: .scale2).size == Size(320, 0))
    }

    @Test func aRangeWithoutSignificantAreaAllocatesButDoesNotMeasure() {
        let model = ListModel(sections: [[Row("a")]], width: 0)
        let controller = DataController(dataSource: model, context: .scale2, parallelism: 1)
        #expect(controller.reloadData() == [ItemPath(0, 0)])
        #expect(controller.node(at: ItemPath(0, 0)) != nil)
        #expect(controller.element(at: ItemPath(0, 0))?.size == nil)
    }

    @Test func updatesApplyInTexturesOrder() throws {
        // Given sections A (a0…a3), B (b0, b1), C (c0)
        let (model, controller) = loaded([
            [Row("a0"), Row("a1"), Row("a2"), Row("a3")], [Row("b0"), Row("b1")], [Row("c0")],
        ])
        let keptA0 = controller.node(at: ItemPath(0, 0))
        let keptB1 = controller.node(at: ItemPath(1, 1))
        // When the model deletes a1 and a3, appends x to A, reloads b0, deletes C and
        // inserts a new first section N
        model.sections = [[Row("n0")], [Row("a0"), Row("a2"), Row("x")], [Row("b0*"), Row("b1")]]
        var changes = ChangeSet()
        changes.deleteItems([ItemPath(0, 1), ItemPath(0, 3)])
        changes.insertItems([ItemPath(1, 2)])
        changes.reloadItems([ItemPath(1, 0)])
        changes.deleteSections([2])
        changes.insertSections([0])
        let result = try controller.performBatchUpdates(changes)

        // Then: section structure, item deletes (descending, the reload's old path included),
        // section item arrays, item inserts (ascending, the reload's new path included)
        #expect(result.operations == [
            .deleteSections([2]), .insertSections([0]),
            .deleteItems([ItemPath(1, 0), ItemPath(0, 3), ItemPath(0, 1)]),
            .removeSectionItems([2]), .insertSectionItems([0]),
            .insertItems([ItemPath(1, 2), ItemPath(2, 0)]),
        ])
        #expect(ids(controller) == [["n0"], ["a0", "a2", "x"], ["b0*", "b1"]])
        #expect(result.allocated == [ItemPath(0, 0), ItemPath(1, 2), ItemPath(2, 0)])
        #expect(controller.node(at: ItemPath(1, 0)) === keptA0)
        #expect(controller.node(at: ItemPath(2, 1)) === keptB1)
    }

    @Test(arguments: [1, 2])
    func newCellsGetTheirOwnNodesAndSizesWhateverTheOrderTheyAreMadeIn(parallelism: Int) throws {
        // Given sections A (a0, a1) and B (b0)
        let (model, controller) = loaded([[Row("a0", 10), Row("a1", 11)], [Row("b0", 20)]], parallelism: parallelism)
        // When a section N is inserted last and items into A and B, which are made after N's
        // items (inserted sections' items first, then inserted items) but come before them
        model.sections = [[Row("a0", 10), Row("a1", 11), Row("a2", 12)], [Row("b-1", 19), Row("b0", 20)],
                          [Row("n0", 30), Row("n1", 31), Row("n2", 32)]]
        var changes = ChangeSet()
        changes.insertSections([2])
        changes.insertItems([ItemPath(1, 0), ItemPath(0, 2)])
        let result = try controller.performBatchUpdates(changes)
        // Then each new cell is its row's, measured at its row's height, and the allocated
        // paths ascend
        #expect(ids(controller) == [["a0", "a1", "a2"], ["b-1", "b0"], ["n0", "n1", "n2"]])
        #expect(controller.sections.map { $0.map { $0.size?.height ?? -1 } } == [[10, 11, 12], [19, 20], [30, 31, 32]])
        #expect(result.allocated == [ItemPath(0, 2), ItemPath(1, 0), ItemPath(2, 0), ItemPath(2, 1), ItemPath(2, 2)])
        #expect(controller.sections.joined().allSatisfy { $0.node?.isRangeManaged == true })
    }

    @Test func movesAreADeleteAndAnInsertWithANewNode() throws {
        let (model, controller) = loaded([[Row("a"), Row("b"), Row("c")]])
        let oldA = controller.node(at: ItemPath(0, 0))
        model.sections = [[Row("b"), Row("c"), Row("a")]]
        var changes = ChangeSet()
        changes.moveItem(ItemPath(0, 0), to: ItemPath(0, 2))
        let result = try controller.performBatchUpdates(changes)
        #expect(result.operations == [.deleteItems([ItemPath(0, 0)]), .insertItems([ItemPath(0, 2)])])
        #expect(ids(controller) == [["b", "c", "a"]])
        #expect(controller.node(at: ItemPath(0, 2)) !== oldA)
    }

    @Test func sectionReloadsAndMovesAreDeletesAndInserts() throws {
        let (model, controller) = loaded([[Row("a")], [Row("b")], [Row("c")]])
        model.sections = [[Row("c")], [Row("a")], [Row("b*"), Row("b2")]]
        var changes = ChangeSet()
        changes.reloadSections([1])
        changes.moveSection(2, to: 0)
        let result = try controller.performBatchUpdates(changes)
        #expect(result.operations == [
            .deleteSections([2, 1]), .insertSections([0, 2]),
            .removeSectionItems([2, 1]), .insertSectionItems([0, 2]),
        ])
        #expect(ids(controller) == [["c"], ["a"], ["b*", "b2"]])
    }

    @Test func itemChangesInsideDeletedOrInsertedSectionsAreDropped() throws {
        let (model, controller) = loaded([[Row("a")], [Row("b"), Row("c")]])
        model.sections = [[Row("n"), Row("m")], [Row("a")]]
        var changes = ChangeSet()
        changes.deleteSections([1])
        changes.deleteItems([ItemPath(1, 0)])
        changes.insertSections([0])
        changes.insertItems([ItemPath(0, 1)])
        let result = try controller.performBatchUpdates(changes)
        #expect(!result.operations.contains { if case .deleteItems = $0 { true } else { false } })
        #expect(!result.operations.contains { if case .insertItems = $0 { true } else { false } })
        #expect(ids(controller) == [["n", "m"], ["a"]])
    }

    @Test func emptyChangeSetsChangeNothing() throws {
        let (model, controller) = loaded([[Row("a")]])
        let result = try controller.performBatchUpdates(ChangeSet())
        #expect(model.sections.count == 1)
        #expect(result.operations.isEmpty)
        #expect(result.allocated.isEmpty)
    }
}

@Suite struct DataControllerValidationTests {
    private func attempt(_ sections: [[Row]], then newSections: [[Row]],
                         _ build: (inout ChangeSet) -> Void) -> (BatchUpdateError?, DataController) {
        let (model, controller) = loaded(sections)
        model.sections = newSections
        var changes = ChangeSet()
        build(&changes)
        do {
            try controller.performBatchUpdates(changes)
            return (nil, controller)
        } catch {
            return (error, controller)
        }
    }

    @Test func updatesBeforeTheFirstReloadAreRefused() {
        let model = ListModel(sections: [[Row("a")]])
        let controller = DataController(dataSource: model, context: .scale2, parallelism: 1)
        #expect(throws: BatchUpdateError.notLoaded) { try controller.performBatchUpdates(ChangeSet()) }
    }

    @Test func aDataSourceThatWentAwayIsReported() {
        let controller = DataController(dataSource: ListModel(sections: []), context: .scale2, parallelism: 1)
        #expect(throws: BatchUpdateError.noDataSource) { try controller.performBatchUpdates(ChangeSet()) }
    }

    @Test func itemCountsMustAddUp() {
        let (error, controller) = attempt([[Row("a")]], then: [[Row("a"), Row("b")]]) { _ in }
        #expect(error == .invalidItemCount(section: 0, before: 1, after: 2, inserted: 0, deleted: 0))
        #expect(error?.description == "Invalid update: invalid number of items in section 0. The number of items "
            + "after the update (2) must be equal to the number before the update (1), plus or minus the number "
            + "inserted or deleted (0 inserted, 0 deleted).")
        #expect(ids(controller) == [["a"]])   // nothing applied
    }

    @Test func sectionCountsMustAddUp() {
        let (error, _) = attempt([[Row("a")]], then: [[Row("a")], []]) { _ in }
        #expect(error == .invalidSectionCount(before: 1, after: 2, inserted: 0, deleted: 0))
    }

    @Test func indicesMustExist() {
        let (deleteError, _) = attempt([[Row("a")]], then: [[]]) { $0.deleteItems([ItemPath(0, 1)]) }
        #expect(deleteError == .itemOutOfRange(change: "delete, move or reload", path: ItemPath(0, 1), count: 1))
        #expect(deleteError?.description
            == "Invalid update: cannot delete, move or reload item [0, 1]; section 0 has 1 items.")
        let (insertError, _) = attempt([[Row("a")]], then: [[Row("a"), Row("b")]]) {
            $0.insertItems([ItemPath(0, 5)])
        }
        #expect(insertError == .itemOutOfRange(change: "insert", path: ItemPath(0, 5), count: 2))
        let (sectionError, _) = attempt([[Row("a")]], then: []) { $0.deleteSections([3]) }
        #expect(sectionError == .sectionOutOfRange(change: "delete, move or reload", section: 3, count: 1))
    }

    @Test func scatteredInsertsAndDeletesLandWhereOneByOneApplicationPutsThem() throws {
        // Given two sections, when items are deleted here and there and inserted in runs (two
        // adjacent, one alone, one at the end of each section, one at the front of the second)
        let (model, controller) = loaded([
            [Row("a0"), Row("a1"), Row("a2"), Row("a3"), Row("a4")], [Row("b0"), Row("b1")],
        ])
        model.sections = [
            [Row("a0"), Row("n1"), Row("n2"), Row("a2"), Row("n4"), Row("a4"), Row("n6")],
            [Row("m0"), Row("b1"), Row("m2")],
        ]
        var changes = ChangeSet()
        changes.deleteItems([ItemPath(0, 3), ItemPath(0, 1), ItemPath(1, 0)])
        changes.insertItems([ItemPath(1, 2), ItemPath(0, 6), ItemPath(0, 1), ItemPath(0, 4), ItemPath(0, 2),
                             ItemPath(1, 0)])
        let result = try controller.performBatchUpdates(changes)
        // Then the list is the model's, and only the inserted items were allocated, ascending
        #expect(ids(controller) == model.sections.map { $0.map(\.id) })
        #expect(result.allocated == [ItemPath(0, 1), ItemPath(0, 2), ItemPath(0, 4), ItemPath(0, 6),
                                     ItemPath(1, 0), ItemPath(1, 2)])
    }

    @Test func randomScatteredDeletesReloadsAndInsertsKeepEveryOtherCell() throws {
        var random = SeededRandom(seed: 7)  // the same lists and changes on every run
        for trial in 0..<60 {
            // Given up to three sections of up to 30 rows
            let before = (0..<Int.random(in: 1...3, using: &random)).map { section in
                (0..<Int.random(in: 0...30, using: &random)).map { Row("t\(trial)-\(section)-\($0)") }
            }
            let (model, controller) = loaded(before, parallelism: 1)
            let oldNodes = Dictionary(uniqueKeysWithValues: controller.sections.joined().compactMap { element in
                element.node.map { ($0.id.rawValue, $0) }
            })
            // When random rows are deleted, others reloaded, and new ones inserted at random places
            // (every third batch only reloads: its sections are replaced in place)
            let onlyReloads = trial % 3 == 0
            var changes = ChangeSet()
            var after: [[Row]] = [], reloaded: Set<String> = []
            for (section, rows) in before.enumerated() {
                var kept: [Row] = []
                for (item, row) in rows.enumerated() {
                    switch Int.random(in: onlyReloads ? 1..<4 : 0..<4, using: &random) {
                    case 0: changes.deleteItems([ItemPath(section, item)])
                    case 1:
                        changes.reloadItems([ItemPath(section, item)])
                        reloaded.insert(row.id)
                        kept.append(row)
                    default: kept.append(row)
                    }
                }
                for new in 0..<(onlyReloads ? 0 : Int.random(in: 0...10, using: &random)) {
                    kept.insert(Row("n\(trial)-\(section)-\(new)"), at: Int.random(in: 0...kept.count, using: &random))
                }
                changes.insertItems(kept.indices.filter { kept[$0].id.hasPrefix("n") }.map { ItemPath(section, $0) })
                after.append(kept)
            }
            model.sections = after
            let result = try controller.performBatchUpdates(changes)
            // Then the list is the model's, every row neither new nor reloaded keeps its node, and
            // only new and reloaded rows were allocated
            #expect(ids(controller) == after.map { $0.map(\.id) })
            for element in controller.sections.joined() {
                let node = try #require(element.node)
                let old = oldNodes[node.id.rawValue]
                #expect(reloaded.contains(node.id.rawValue) ? node !== old : old == nil || node === old)
            }
            #expect(result.allocated.count == changes.insertedItems.count + reloaded.count)
        }
    }

    @Test func aDuplicateIsNamedByItsPositionWhateverTheOrderGiven() {
        let (error, _) = attempt([[Row("a")]], then: [[Row("a"), Row("b"), Row("c"), Row("d")]]) {
            $0.insertItems([ItemPath(0, 3), ItemPath(0, 1), ItemPath(0, 2), ItemPath(0, 1)])
        }
        #expect(error == .duplicate(change: "item insert", index: "[0, 1]"))
    }

    @Test func duplicatesAreRefused() {
        let (error, _) = attempt([[Row("a"), Row("b")]], then: [[Row("b")]]) {
            $0.deleteItems([ItemPath(0, 0)])
            $0.reloadItems([ItemPath(0, 0)])
        }
        #expect(error == .duplicate(change: "item delete", index: "[0, 0]"))
    }
}
