// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Test} from "forge-std/Test.sol";
import {Counter} from "../../src/a/Counter.sol";

contract CounterTest is Test {
    Counter internal counter;

    function setUp() public {
        counter = new Counter();
        counter.setNumber(0);
    }

    function testIncrement() public {
        counter.increment();
        assertEq(counter.number(), 1);
    }

    function testUndoOnce() public {
        counter.setNumber(42);
        counter.undo();
        assertEq(counter.number(), 0);
        vm.expectRevert(Counter.NothingToUndo.selector);
        counter.undo();
    }
}
