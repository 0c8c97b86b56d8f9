// SPDX-License-Identifier: MIT
pragma solidity ^0.8.17;

import {Test} from "forge-std/Test.sol";
import {Pool} from "../src/Pool.sol";

/// A type error: this file does not compile, and the other test files still run.
contract DoesNotCompileTest is Test {
    Pool internal pool;

    function test_typeError() public {
        uint256 total = pool;
        assertEq(total, 0);
    }
}
