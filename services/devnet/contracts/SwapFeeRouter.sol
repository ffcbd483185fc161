// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";

/// The three exact-input swaps of Uniswap V2's UniswapV2Router02 that the swap service builds.
interface IUniswapV2RouterSwaps {
    function swapExactETHForTokens(uint256 amountOutMin, address[] calldata path, address to, uint256 deadline)
        external
        payable
        returns (uint256[] memory amounts);

    function swapExactTokensForETH(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external returns (uint256[] memory amounts);

    function swapExactTokensForTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external returns (uint256[] memory amounts);
}

/// @title SwapFeeRouter
/// @notice Front of the devnet's Uniswap V2 router for the swap service: it takes the provider fee (0.0085 of
///         the amount in, in the source token) for the fee recipient and swaps the rest on the router, so a
///         visitor approves and calls one contract and the quote (the router's getAmountsOut of the rest) holds.
contract SwapFeeRouter {
    using SafeERC20 for IERC20;

    /// Provider fee in millionths of the amount in: 8,500 / 1,000,000 = 0.0085.
    uint256 public constant FEE_MILLIONTHS = 8_500;

    IUniswapV2RouterSwaps public immutable router;
    address public immutable feeRecipient;

    /// `token` is address(0) for the native currency.
    event ProviderFee(address indexed payer, address indexed token, uint256 amount);

    constructor(IUniswapV2RouterSwaps router_, address feeRecipient_) {
        router = router_;
        feeRecipient = feeRecipient_;
    }

    function feeOf(uint256 amountIn) public pure returns (uint256) {
        return (amountIn * FEE_MILLIONTHS) / 1_000_000;
    }

    function swapExactETHForTokens(uint256 amountOutMin, address[] calldata path, address to, uint256 deadline)
        external
        payable
        returns (uint256[] memory)
    {
        uint256 fee = feeOf(msg.value);
        Address.sendValue(payable(feeRecipient), fee);
        emit ProviderFee(msg.sender, address(0), fee);
        return router.swapExactETHForTokens{value: msg.value - fee}(amountOutMin, path, to, deadline);
    }

    function swapExactTokensForETH(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external returns (uint256[] memory) {
        uint256 rest = _takeFee(path[0], amountIn);
        return router.swapExactTokensForETH(rest, amountOutMin, path, to, deadline);
    }

    function swapExactTokensForTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external returns (uint256[] memory) {
        uint256 rest = _takeFee(path[0], amountIn);
        return router.swapExactTokensForTokens(rest, amountOutMin, path, to, deadline);
    }

    /// Pulls `amountIn` of the source token from the caller, pays the fee and lets the router take the rest.
    function _takeFee(address token, uint256 amountIn) private returns (uint256 rest) {
        uint256 fee = feeOf(amountIn);
        rest = amountIn - fee;
        IERC20(token).safeTransferFrom(msg.sender, feeRecipient, fee);
        IERC20(token).safeTransferFrom(msg.sender, address(this), rest);
        IERC20(token).forceApprove(address(router), rest);
        emit ProviderFee(msg.sender, token, fee);
    }
}
