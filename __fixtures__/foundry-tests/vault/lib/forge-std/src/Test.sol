// SPDX-License-Identifier: MIT
pragma solidity >=0.8.13 <0.9.0;

import {Vm} from "./Vm.sol";
import {StdInvariant} from "./StdInvariant.sol";

/// Lookout's own small stand-in for forge-std's Test: the cheatcode handle, the IS_TEST marker,
/// assertions that fail through the assertion cheatcodes (as forge-std 1.8+ does), and the helpers
/// tests use most (makeAddr, deal, bound, deployCode). Written for Lookout's fixtures, not copied.
abstract contract Test is StdInvariant {
    Vm internal constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    bool public IS_TEST = true;

    function assertTrue(bool condition) internal pure { vm.assertTrue(condition); }
    function assertTrue(bool condition, string memory err) internal pure { vm.assertTrue(condition, err); }
    function assertFalse(bool condition) internal pure { vm.assertFalse(condition); }
    function assertEq(uint256 left, uint256 right) internal pure { vm.assertEq(left, right); }
    function assertEq(uint256 left, uint256 right, string memory err) internal pure { vm.assertEq(left, right, err); }
    function assertEq(address left, address right) internal pure { vm.assertEq(left, right); }
    function assertEq(bool left, bool right) internal pure { vm.assertEq(left, right); }
    function assertEq(bytes32 left, bytes32 right) internal pure { vm.assertEq(left, right); }
    function assertEq(string memory left, string memory right) internal pure { vm.assertEq(left, right); }
    function assertGe(uint256 left, uint256 right) internal pure { vm.assertGe(left, right); }
    function assertGe(uint256 left, uint256 right, string memory err) internal pure { vm.assertGe(left, right, err); }
    function assertLe(uint256 left, uint256 right) internal pure { vm.assertLe(left, right); }
    function assertLe(uint256 left, uint256 right, string memory err) internal pure { vm.assertLe(left, right, err); }

    function makeAddr(string memory name) internal returns (address account) {
        account = vm.addr(uint256(keccak256(abi.encodePacked(name))));
        vm.label(account, name);
    }

    function deal(address to, uint256 give) internal { vm.deal(to, give); }

    /// Maps any x into [min, max], keeping x when it already lies there.
    function bound(uint256 x, uint256 min, uint256 max) internal pure returns (uint256) {
        require(min <= max, "bound: min > max");
        if (x >= min && x <= max) return x;
        uint256 size = max - min;
        if (size == type(uint256).max) return x;
        return min + (x % (size + 1));
    }

    function deployCode(string memory what) internal returns (address deployed) {
        return deployCode(what, "");
    }

    function deployCode(string memory what, bytes memory args) internal returns (address deployed) {
        bytes memory code = abi.encodePacked(vm.getCode(what), args);
        assembly {
            deployed := create(0, add(code, 0x20), mload(code))
        }
        require(deployed != address(0), "deployCode: deployment failed");
    }
}
